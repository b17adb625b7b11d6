/**
 * The live map as an operator on shift reads it: what a cluster holds, the selected and
 * followed vehicle never lost inside one, what the pointer is over, the world outline at
 * world zoom, and the screen at three window sizes in both themes (test/artifacts).
 * Canvas pixels are read back where the question is what is drawn.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync } from 'node:fs';
import type { TileServer } from '../integration/tiles/tile-server';
import { STATE_COLOR, STATE_LABEL } from '../../renderer/src/stores/object-state';
import type { RunningHost } from './support/browser-mode';
import { startMapHost } from './support/map-host';

interface Hooks {
  map: { getZoom(): number; setView(c: [number, number], z: number, o?: unknown): void; latLngToContainerPoint(p: [number, number]): { x: number; y: number }; getSize(): { x: number; y: number } };
  clusters(): { x: number; y: number; count: number; ring: Record<string, number> }[];
  selectionDrawn(): { id: number; x: number; y: number } | null;
  selected(): number | null;
}
/** The page's test hooks (MapView.tsx, the fleet store), typed here without a global declaration: map-live.spec.ts declares its own. */
type G = { __fleetMap: Hooks; __fleetPositions: () => Record<string, [number, number]> };

let host: RunningHost;
let tiles: TileServer;

test.beforeAll(async () => {
  ({ host, tiles } = await startMapHost('fleet-e2e-operator-'));
});
test.afterAll(async () => {
  await host?.stop();
  await tiles?.close();
});

async function openLive(page: Page) {
  await page.goto(host.url);
  await expect(page.getByRole('region', { name: 'Map of the fleet' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys((globalThis as unknown as Partial<G>).__fleetPositions?.() ?? {}).length)).toBeGreaterThan(10);
}

const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
const PALETTE = Object.values(STATE_COLOR).map(rgb);

/**
 * RGBA of a canvas's pixels in a box of container pixels (x, y, w, h), after two frames (the
 * layers draw on the next one). `selector`: the canvas.
 */
async function pixels(page: Page, selector: string, box: [number, number, number, number]): Promise<{ w: number; h: number; data: number[] }> {
  return page.evaluate(
    ([selector, [x, y, w, h]]) =>
      new Promise((resolve) => {
        const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame;
        frame(() =>
          frame(() => {
            type Canvas = { width: number; style: { width: string }; _leaflet_pos: { x: number; y: number }; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
            const doc = (globalThis as unknown as { document: { querySelector(s: string): Canvas } }).document;
            const c = doc.querySelector(selector);
            const map = (globalThis as unknown as G).__fleetMap.map as unknown as { containerPointToLayerPoint(p: [number, number]): { x: number; y: number } };
            const p = map.containerPointToLayerPoint([x, y]);
            const k = c.width / parseFloat(c.style.width);
            const d = c.getContext('2d').getImageData(Math.round((p.x - c._leaflet_pos.x) * k), Math.round((p.y - c._leaflet_pos.y) * k), Math.round(w * k), Math.round(h * k));
            resolve({ w: Math.round(w * k), h: Math.round(h * k), data: [...d.data] });
          }),
        );
      }),
    [selector, box] as const,
  );
}

/** Objects that stood still for 2.5 s, with their positions: what is drawn where they are does not move under the test. */
async function standing(page: Page): Promise<[string, [number, number]][]> {
  const before = await page.evaluate(() => (globalThis as unknown as G).__fleetPositions());
  await page.waitForTimeout(2500);
  const now = Object.entries(await page.evaluate(() => (globalThis as unknown as G).__fleetPositions()));
  return now.filter(([id, [lat, lng]]) => before[id]?.[0] === lat && before[id]?.[1] === lng);
}

test('a cluster holding a blocked vehicle shows red on its ring; the disc itself is not a state colour', async ({ page }) => {
  await openLive(page);
  await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.setView([50, 10], 4, { animate: false }));
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters().filter((c) => (c.ring?.blocked ?? 0) > 0).length)).toBeGreaterThan(0);
  const size = await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.getSize());
  const withBlocked = (await page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters())).filter((c) => c.ring.blocked && c.x > 50 && c.y > 50 && c.x < size.x - 50 && c.y < size.y - 50);
  expect(withBlocked.length).toBeGreaterThan(0);
  const c = withBlocked[0]!;
  // Around the disc (radius 12–28 px), the ring: some of it in the blocked colour. A ring not
  // drawn before may wait a frame or two for the frame's budget (sprites.ts), its disc shown alone.
  const red = rgb(STATE_COLOR.blocked);
  const onRing = async () => {
    const { w, h, data } = await pixels(page, 'canvas.fleet-object-layer', [c.x - 40, c.y - 40, 80, 80]);
    let n = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const d = Math.hypot(x - w / 2, y - h / 2) * (80 / w);
        const i = 4 * (y * w + x);
        if (d < 12 || d > 38 || data[i + 3]! < 250) continue;
        if (red.every((v, k) => Math.abs(v - data[i + k]!) <= 3)) n++;
      }
    }
    return n;
  };
  await expect.poll(onRing, { timeout: 5000 }).toBeGreaterThan(10);
  // The disc's centre (beside its count) is neither blue "parked" nor any other state's colour.
  const centre = await pixels(page, 'canvas.fleet-object-layer', [c.x - 9, c.y, 1, 1]);
  const nearest = Math.min(...PALETTE.map((p) => Math.max(...p.map((v, k) => Math.abs(v - centre.data[k]!)))));
  expect(nearest).toBeGreaterThan(20);
});

test('the selected vehicle inside a cluster is drawn as itself over it; Follow zooms in until it stands alone', async ({ page }) => {
  await openLive(page);
  const still = await standing(page);
  await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.setView([50, 10], 4, { animate: false }));
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters().length)).toBeGreaterThan(0);
  // A standing vehicle whose place is under a cluster's disc at this zoom.
  const inside = await page.evaluate(
    (still) => {
      const hooks = (globalThis as unknown as G).__fleetMap;
      const discs = hooks.clusters();
      return still.find(([, p]) => {
        const at = hooks.map.latLngToContainerPoint(p);
        return discs.some((c) => Math.hypot(c.x - at.x, c.y - at.y) < 8);
      })?.[0];
    },
    still,
  );
  expect(inside).toBeDefined();
  const id = Number(inside);
  await page.evaluate((id) => new BroadcastChannel('fleet.selection').postMessage({ selected: id }), id);
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.selected())).toBe(id);
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.selectionDrawn()?.id ?? null)).toBe(id);
  const at = await page.evaluate((id) => (globalThis as unknown as G).__fleetMap.map.latLngToContainerPoint((globalThis as unknown as G).__fleetPositions()[String(id)]!), id);
  const drawn = (await page.evaluate(() => (globalThis as unknown as G).__fleetMap.selectionDrawn()))!;
  expect(Math.hypot(drawn.x - at.x, drawn.y - at.y)).toBeLessThan(1);
  // At its place the canvas shows a state's colour, opaque: its dot, not the cluster's disc or count.
  const px = await pixels(page, 'canvas.fleet-object-layer', [at.x, at.y, 1, 1]);
  expect(px.data[3]).toBe(255);
  expect(Math.min(...PALETTE.map((p) => Math.max(...p.map((v, k) => Math.abs(v - px.data[k]!)))))).toBeLessThanOrEqual(2);

  await page.locator('body').press('f');
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.getZoom())).toBeGreaterThanOrEqual(15);
  // Above the clustering zooms: no disc anywhere, the vehicle drawn on its own in the middle.
  expect(await page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters().length)).toBe(0);
  const mid = await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.getSize());
  await expect.poll(async () => {
    const d = await page.evaluate(() => (globalThis as unknown as G).__fleetMap.selectionDrawn());
    return d !== null && Math.abs(d.x - mid.x / 2) <= 2 && Math.abs(d.y - mid.y / 2) <= 2;
  }).toBe(true);
});

test('the pointer over a vehicle shows its name, state, speed and age, with a pointer cursor', async ({ page }) => {
  await openLive(page);
  const all = await standing(page);
  // No other vehicle within ~20 m (60 px at zoom 18): at night the fleet stands in its
  // depots a few metres apart, so a wider radius finds no vehicle at some hours.
  const alone = all.find(([id, [lat, lng]]) => all.every(([o, [la, ln]]) => o === id || Math.abs(la - lat) > 0.0002 || Math.abs(ln - lng) > 0.0003))!;
  expect(alone).toBeDefined();
  await page.evaluate((p) => (globalThis as unknown as G).__fleetMap.map.setView(p, 18, { animate: false }), alone[1]);
  const region = page.getByRole('region', { name: 'Map of the fleet' });
  const box = (await region.boundingBox())!;
  const at = await page.evaluate((p) => (globalThis as unknown as G).__fleetMap.map.latLngToContainerPoint(p), alone[1]);
  await page.mouse.move(box.x + at.x + 40, box.y + at.y + 40);
  await page.mouse.move(box.x + at.x + 1, box.y + at.y);
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/^.+(Moving|Parked|Idle, ignition on|Offline|Blocked|Broken|On service|Not installed) · \d+ km\/h · last report \d+ (s|min|h|d) ago$/);
  await expect(region).toHaveCSS('cursor', 'pointer');
  const name = (await tip.locator('strong').textContent())!;
  // The name is the vehicle's own: clicking there selects it, and the details say so.
  await page.mouse.click(box.x + at.x + 1, box.y + at.y);
  await expect(page.getByRole('region', { name: 'Object details' }).getByRole('heading', { level: 2 })).toHaveText(name);
  await page.screenshot({ path: 'test/artifacts/live-hover-tooltip.png' });
});

test('the pointer over a cluster says how many objects and which states it holds, with a pointer cursor', async ({ page }) => {
  await openLive(page);
  await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.setView([50, 10], 4, { animate: false }));
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters().length)).toBeGreaterThan(0);
  const c = (await page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters())).sort((a, b) => b.count - a.count)[0]!;
  const region = page.getByRole('region', { name: 'Map of the fleet' });
  const box = (await region.boundingBox())!;
  await page.mouse.move(box.x + c.x + 60, box.y + c.y + 60);
  await page.mouse.move(box.x + c.x, box.y + c.y);
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText(`${c.count} objects`);
  // The states it names are those of its ring, the largest first.
  const largest = Object.entries(c.ring).sort((a, b) => b[1] - a[1])[0]![0] as keyof typeof STATE_LABEL;
  await expect(tip.locator('span')).toHaveText(new RegExp(`^${STATE_LABEL[largest].toLowerCase()}(, |( · click to zoom in)$)`));
  await expect(region).toHaveCSS('cursor', 'pointer');
});

test('the world outline at world zoom has no stripes across the sea', async ({ page }) => {
  await openLive(page);
  /** The outline's alpha at a place, with the map centred on it at zoom 2. */
  const alphaAt = async (p: [number, number]) => {
    await page.evaluate((p) => (globalThis as unknown as G).__fleetMap.map.setView(p, 2, { animate: false }), p);
    const at = await page.evaluate((p) => (globalThis as unknown as G).__fleetMap.map.latLngToContainerPoint(p), p);
    return (await pixels(page, '.leaflet-fallback-pane canvas', [at.x, at.y, 1, 1])).data[3];
  };
  // The Norwegian Sea and the Pacific east of Fiji: between the latitudes where Russia's and Fiji's rings cross 180°.
  expect(await alphaAt([67, 3])).toBe(0);
  expect(await alphaAt([-16.3, -150])).toBe(0);
  // Land either side of 180° is still land: Chukotka east of it, Siberia west of it.
  expect(await alphaAt([66, -174])).toBe(255);
  expect(await alphaAt([65, 160])).toBe(255);
  await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.setView([45, 175], 2, { animate: false }));
  // With the tiles hidden, the outline is what shows: after zooming in and back out, the whole world is drawn again, nothing stale.
  mkdirSync('test/artifacts', { recursive: true });
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { style: { visibility: string } } } }).document;
    doc.querySelector('.leaflet-tile-pane').style.visibility = 'hidden';
  });
  await page.waitForTimeout(300);
  await page.getByRole('region', { name: 'Map of the fleet' }).screenshot({ path: 'test/artifacts/live-world-zoom2.png' });
  await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.setView([52, 13], 7, { animate: false }));
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.evaluate(() => (globalThis as unknown as G).__fleetMap.map.setView([45, 175], 2));
  await page.waitForTimeout(1000);
  await page.getByRole('region', { name: 'Map of the fleet' }).screenshot({ path: 'test/artifacts/live-world-zoom2-after-zoom.png' });
});

for (const [width, height] of [
  [1600, 1000],
  [1280, 800],
  [1024, 700],
] as const) {
  test(`Live at ${width}×${height} in both themes (screenshots in test/artifacts)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: 'light' });
    await openLive(page);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    for (const dark of [false, true]) {
      if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', String(dark));
      await expect.poll(() => page.evaluate(() => (globalThis as unknown as G).__fleetMap.clusters().length)).toBeGreaterThan(0);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `test/artifacts/live-${width}x${height}-${dark ? 'dark' : 'light'}.png` });
    }
    await toggle.click();
  });
}
