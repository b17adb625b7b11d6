/**
 * Admin → Import history against a simulator this test owns: a GPX file with three bad rows
 * → the preview lists them by row beside the map and the summary → run → the job's status and
 * progress → the link opens History on that object and interval, which shows the imported
 * track (its distance, read back from the service). Elements are found by role and name only.
 */
import { expect, test } from './support/test';
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

test('one file per object: each matched by its file name or IMEI, imported as one job, each opening its own History', async ({ page }) => {
  test.setTimeout(120_000);
  const [a, b, c] = (await demoObjects(sim.baseUrl)).slice(4, 7) as [{ Id: number; Name: string; IMEI?: string }, { Id: number; Name: string; IMEI?: string }, { Id: number; Name: string }];
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Import history' }).click();
  const view = page.getByRole('region', { name: 'Import history' });
  const later = (s: string) => s.replace(/<time>([^<]+)<\/time>/g, (_, t: string) => `<time>${new Date(Date.parse(t) - 4 * HOUR).toISOString()}</time>`);
  await view.getByLabel('Track file').setInputFiles([
    // Named after the object; no track name inside.
    { name: `${a.Name}.gpx`, mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx('').replace('<name></name>', '')) },
    // Named after nothing: its track name is the object's IMEI.
    { name: 'unit-7.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(later(gpx(b.IMEI ?? b.Name))) },
    // Named after no object at all.
    { name: 'stranger.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx('nobody')) },
  ]);
  const table = view.getByRole('table', { name: 'Files' });
  await expect(table.getByRole('combobox', { name: `Object for ${a.Name}.gpx` })).toHaveValue(String(a.Id), { timeout: 30_000 });
  await expect(table.getByRole('combobox', { name: 'Object for unit-7.gpx' })).toHaveValue(String(b.Id));
  await expect(table.getByRole('combobox', { name: 'Object for stranger.gpx' })).toHaveValue('');
  await expect(view.getByRole('note')).toHaveText('1 file has no object and is left out; choose its object to include it.');
  // A file's own preview, on demand.
  await table.getByRole('button', { name: 'Show unit-7.gpx' }).click();
  await expect(view.getByRole('heading', { name: 'unit-7.gpx' })).toBeVisible();
  await expect(view.getByRole('table', { name: 'Rejected rows' }).getByRole('row')).toHaveCount(4);
  await table.getByRole('combobox', { name: 'Object for stranger.gpx' }).selectOption(String(c.Id));
  await page.screenshot({ path: join(ART, 'history-import-files.png'), fullPage: true });
  await view.getByRole('button', { name: 'Import 3 files (180 positions)' }).click();
  await expect(view.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  const links = table.getByRole('link', { name: 'Open in History' });
  await expect(links).toHaveCount(3, { timeout: 30_000 });
  // Each object's history now holds its file's positions, in the service.
  const token = await sim.tokenFor('demo');
  for (const [id, from] of [[a.Id, T0], [b.Id, T0 - 4 * HOUR], [c.Id, T0]] as const) {
    const r = await fetch(`${sim.baseUrl}/api/ObjectsHistory`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ObjectId: id, From: from, Till: from + HOUR }) });
    const got = ((await r.json()) as { Track: { Intervals: Array<{ Positions?: Array<{ Time: number; Lat: number }> }> } }).Track.Intervals.flatMap((iv) => iv.Positions ?? []);
    // The file's own points: minute i at latitude 56.95 + i × 0.002.
    const ours = got.filter((x) => (x.Time - from) % 60_000 === 0 && Math.abs(x.Lat - (56.95 + ((x.Time - from) / 60_000) * 0.002)) < 1e-6);
    expect(ours).toHaveLength(60);
  }
  await expect(links.nth(1)).toHaveAttribute('href', `#/history?o=${b.Id}&from=${T0 - 4 * HOUR}&till=${T0 - 4 * HOUR + 59 * 60_000 + 1}`);
});
