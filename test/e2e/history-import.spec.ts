/**
 * Admin → Import history against a simulator this test owns: a GPX file with three bad rows
 * → the preview lists them by row beside the map and the summary → run → the job's status and
 * progress → the link opens History on that object and interval, which shows the imported
 * track (its distance, read back from the service). Elements are found by role and name only.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

const ART = join(process.cwd(), 'test/artifacts');
const HOUR = 3_600_000;
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 26 * HOUR;
let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 12, seed: 21 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-himport-')) });
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

/** 60 points a minute apart going north-east; after point 10 a duplicate, after 20 a latitude of 95, after 30 a jump of 300 km. */
function gpx(name: string): string {
  const pt = (t: number, lat: number, lng: number) => `<trkpt lat="${lat}" lon="${lng}"><time>${new Date(t).toISOString()}</time></trkpt>`;
  const rows: string[] = [];
  for (let i = 0; i < 60; i++) {
    const lat = 56.95 + i * 0.002;
    const lng = 24.1 + i * 0.002;
    rows.push(pt(T0 + i * 60_000, lat, lng));
    if (i === 10) rows.push(pt(T0 + i * 60_000, lat, lng));
    if (i === 20) rows.push(pt(T0 + i * 60_000 + 30_000, 95, lng));
    if (i === 30) rows.push(pt(T0 + i * 60_000 + 30_000, lat + 3, lng));
  }
  return `<?xml version="1.0"?>\n<gpx version="1.1" creator="e2e"><trk><name>${name}</name><trkseg>\n${rows.join('\n')}\n</trkseg></trk></gpx>\n`;
}

test('import a GPX with bad rows: preview lists them, run, status, History shows the track', async ({ page }) => {
  test.setTimeout(120_000);
  const target = (await demoObjects(sim.baseUrl))[2]!;
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Import history' }).click();
  const view = page.getByRole('region', { name: 'Import history' });
  await view.getByLabel('Track file').setInputFiles({ name: 'trip.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx(target.Name)) });

  const rejected = view.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(4);
  await expect(rejected.getByRole('row', { name: /^12 \(line \d+\) duplicate of row 11$/ })).toBeVisible();
  await expect(rejected.getByRole('row', { name: /latitude 95 is outside/ })).toBeVisible();
  await expect(rejected.getByRole('row', { name: /km\/h from row 33 is not physically plausible/ })).toBeVisible();
  const summary = view.getByRole('definition');
  await expect(summary.first()).toHaveText('60');
  // Matched by the track's name: the object is chosen already.
  await expect(view.getByRole('combobox', { name: 'Object' })).toHaveValue(String(target.Id));
  await expect(view.getByRole('img', { name: /the file's track beside the existing track/ })).toBeVisible();
  await page.screenshot({ path: join(ART, 'history-import-preview.png'), fullPage: true });

  await view.getByRole('button', { name: 'Import 60 positions' }).click();
  await expect(view.getByRole('progressbar')).toBeVisible();
  await expect(view.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  const link = view.getByRole('link', { name: 'Open History for this object and interval' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: join(ART, 'history-import-done.png'), fullPage: true });

  const km = Number.parseFloat((await summary.nth(5).textContent()) ?? '');
  expect(km).toBeGreaterThan(10);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/history\\?o=${target.Id}&from=${T0}&till=${T0 + 59 * 60_000 + 1}`));
  // The service's own history now holds the file's 60 points over the interval, and History's summary shows their distance.
  await page.getByRole('tablist', { name: 'Interval details' }).getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByRole('table', { name: 'Summary' })).toContainText(`${km.toFixed(1)} km`, { timeout: 30_000 });
  await page.screenshot({ path: join(ART, 'history-import-history.png'), fullPage: true });
});
