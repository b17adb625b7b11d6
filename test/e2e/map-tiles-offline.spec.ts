/**
 * Issue 27 §4: offline, zoomed in, the map was a blank field with nothing said, and every
 * pan asked for a screenful of tiles that all failed. With the tile server stopped, the map
 * says (as a status) that tiles are unavailable and the outline is shown, pans ask for next
 * to no tiles, and the notice goes once the server answers again. The tile server is a
 * tiny one on 127.0.0.1 (never the internet), as in map-live.spec.ts.
 */
import { expect, test, type Page } from './support/test';
import { startTileServer, type TileServer } from '../integration/tiles/tile-server';
import type { RunningHost } from './support/browser-mode';
import { startMapHost } from './support/map-host';
import { overlap } from './support/boxes';

/** The page's test hooks (diagnostics/hooks.ts), as far as this file uses them. */
interface Hooks {
  __fleetMap: { map: { setView(c: [number, number], z: number, o?: unknown): void; panBy(offset: [number, number], o?: unknown): unknown } };
  __fleetPositions?: () => Record<string, [number, number]>;
}

let host: RunningHost;
let tiles: TileServer;

test.use({ viewport: { width: 1600, height: 1000 } });

test.beforeAll(async () => {
  ({ host, tiles } = await startMapHost('fleet-e2e-tiles-off-'));
});
test.afterAll(async () => {
  await host?.stop();
  await tiles?.close();
});

async function openLive(page: Page) {
  await page.goto(host.url);
  await expect(page.getByRole('region', { name: 'Map of the fleet' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys((globalThis as unknown as Hooks).__fleetPositions?.() ?? {}).length)).toBeGreaterThan(0);
}

const setView = (page: Page, lat: number, lng: number, z: number) =>
  page.evaluate(([lat, lng, z]) => void (globalThis as unknown as Hooks).__fleetMap.map.setView([lat, lng], z, { animate: false }), [lat, lng, z] as const);

test('with the tile server stopped the map says so, asks for next to no tiles while panning, and recovers when it is back', async ({ page }) => {
  test.setTimeout(120_000);
  const answered: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/tiles/')) answered.push(r.status());
  });
  await openLive(page);
  await setView(page, 48.2, 16.37, 12);
  await expect.poll(() => answered.filter((s) => s === 200).length).toBeGreaterThan(0);

  const map = page.getByRole('region', { name: 'Map of the fleet' });
  const notice = map.getByRole('status').filter({ hasText: 'Map tiles are unavailable' });
  await expect(notice).toHaveCount(0);

  await tiles.close();
  // Somewhere never seen, zoomed in: no tile can be had.
  await setView(page, 40.42, -3.7, 12);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText('Map tiles are unavailable: only the outline of the land is shown. Trying again now and then.');

  // Eight pans of most of a screen, each over ground never seen (about 40 tiles each if asked).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tiles/')) asked.push(r.url());
  });
  for (let i = 0; i < 8; i++) {
    await page.evaluate(() => void (globalThis as unknown as Hooks).__fleetMap.map.panBy([1200, 0], { animate: false }));
    await page.waitForTimeout(250);
  }
  // Only the back-off's single-tile tries (one after 2 s, then 4 s, …).
  expect(asked.length).toBeLessThanOrEqual(6);
  await expect(notice).toBeVisible();
  await page.screenshot({ path: 'test/artifacts/live-tiles-unavailable-1600x1000.png' });
  // On a narrower map the notice wraps before the controls at the right, never under them.
  const controls = [page.getByText('Map tiles', { exact: true }), page.getByRole('group', { name: 'Map layers' })];
  for (const [width, height] of [[1280, 800], [1024, 700]] as const) {
    await page.setViewportSize({ width, height });
    await expect(notice).toBeInViewport();
    const a = (await notice.boundingBox())!;
    for (const control of controls) {
      expect(overlap(a, (await control.boundingBox())!), `at ${width}×${height} the notice overlaps ${await control.textContent()}`).toBe(false);
    }
    await page.screenshot({ path: `test/artifacts/live-tiles-unavailable-${width}x${height}.png` });
  }

  // The server back on its port: the next try answers, the notice goes and tiles come again.
  const before = answered.length;
  tiles = await startTileServer(tiles.port);
  await expect(notice).toHaveCount(0, { timeout: 45_000 });
  await expect.poll(() => answered.slice(before).filter((s) => s === 200).length).toBeGreaterThan(1);
});
