/**
 * The Files view against a simulator this test owns: reached from an object's details, a
 * photo attached from the screen and found in the grid, opened, saved under a name with object
 * and time, a selection saved as one zip, and a file whose bytes are not what its name claims
 * refused before anything is sent. Elements are found by role and name; the service is asked
 * what it holds.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { pngFor } from '../../simulator/util/png';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

const ART = join(process.cwd(), 'test/artifacts');
let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 30, seed: 28 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-files-e2e-')) });
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const tiles = (page: Page) => page.getByRole('list', { name: 'Files' }).getByRole('listitem');
const uploads = () => sim.writeLog().filter((e) => e.method === 'PUT' && e.path.startsWith('/api/ObjectFiles/'));

/** Signs in, selects the first object of the list and opens its files from the details panel. Returns its name. */
async function openFiles(page: Page): Promise<string> {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  const rows = page.getByRole('grid', { name: 'Object list' }).getByRole('rowgroup').getByRole('row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const name = (await rows.first().getByRole('gridcell').first().textContent())!.trim();
  await rows.first().click();
  const details = page.getByRole('region', { name: 'Object details' });
  await expect(details.getByRole('heading', { name, level: 2 })).toBeVisible();
  await details.getByRole('button', { name: 'Files', exact: true }).click();
  await expect(page.getByRole('main', { name: 'Files' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find files' })).toBeEnabled({ timeout: 30_000 });
  return name;
}

test('a photo attached to an object is found in the grid, opens with zoom, and is saved with object and time', async ({ page }) => {
  const name = await openFiles(page);
  const before = await tiles(page).count();
  sim.clearWriteLog();
  await page.getByRole('button', { name: 'Attach…' }).click();
  const dialog = page.getByRole('dialog', { name: `Attach files to ${name}` });
  await dialog.getByLabel('Files to attach').setInputFiles({ name: 'dashcam.png', mimeType: 'image/png', buffer: pngFor(5, 321, 123) });
  await dialog.getByRole('button', { name: 'Attach 1 file' }).click();
  await expect(dialog.getByText('Attached', { exact: true })).toBeVisible();
  expect(uploads()).toHaveLength(1);
  const stored = [...sim.sim.store.files.values()].find((f) => f.name === 'dashcam.png');
  expect(stored).toBeDefined();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(tiles(page)).toHaveCount(before + 1);
  // The attached photo is the one 321 pixels wide (the device's photos are 160).
  let ours = -1;
  for (let i = before + 1; i-- > 0 && ours < 0; ) {
    const img = tiles(page).nth(i).getByRole('button', { name: /^Open Photo of / }).locator('img');
    await expect(img).toBeVisible();
    if ((await img.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth)) === 321) ours = i;
  }
  expect(ours).toBeGreaterThanOrEqual(0);
  const tile = tiles(page).nth(ours);
  await expect(tile).toHaveAccessibleName(new RegExp(`^Photo of ${name} at `));
  await expect(tile.getByText(/\d+(\.\d)? (B|KB)$/)).toBeVisible();
  await page.screenshot({ path: join(ART, 'files-grid.png') });

  await tile.getByRole('button', { name: /^Open Photo of / }).click();
  const viewer = page.getByRole('dialog', { name: new RegExp(`^Photo of ${name} at `) });
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByRole('status').or(viewer.locator('output'))).toContainText('150%');
  await expect(viewer.getByRole('img')).toHaveJSProperty('naturalWidth', 321);
  await page.screenshot({ path: join(ART, 'files-viewer.png') });
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Save file' }).click();
  const saved = await download;
  const iso = new Date(stored!.Time).toISOString();
  expect(saved.suggestedFilename()).toBe(`${name} ${iso.slice(0, 10)} ${iso.slice(11, 19).replace(/:/g, '-')}Z.png`);
  expect(readFileSync((await saved.path())!)).toEqual(Buffer.from(pngFor(5, 321, 123)));
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // A selection as one zip.
  await page.getByRole('button', { name: 'Select all' }).click();
  const zipped = page.waitForEvent('download');
  await page.getByRole('button', { name: `Save selected as zip (${before + 1})` }).click();
  const z = await zipped;
  expect(z.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await JSZip.loadAsync(readFileSync((await z.path())!));
  expect(Object.keys(zip.files)).toHaveLength(before + 1);
});

test('a file whose bytes are not what its name claims is refused before anything is sent', async ({ page }) => {
  const name = await openFiles(page);
  sim.clearWriteLog();
  await page.getByRole('button', { name: 'Attach…' }).click();
  const dialog = page.getByRole('dialog', { name: `Attach files to ${name}` });
  await dialog.getByLabel('Files to attach').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: pngFor(6) });
  await expect(dialog.getByRole('alert')).toHaveText('Refused: "photo.jpg" is named as a JPEG image but its contents are a PNG image');
  await expect(dialog.getByRole('button', { name: /^Attach/ })).toBeDisabled();
  await page.screenshot({ path: join(ART, 'files-refused.png') });
  expect(uploads()).toEqual([]);
});

test('a photo attached while the service is away waits in the outbox and is sent once when it answers', async ({ page }) => {
  const name = await openFiles(page);
  const before = await tiles(page).count();
  sim.clearWriteLog();
  await sim.stopListening();
  try {
    await page.getByRole('button', { name: 'Attach…' }).click();
    const dialog = page.getByRole('dialog', { name: `Attach files to ${name}` });
    await dialog.getByLabel('Files to attach').setInputFiles({ name: 'offline.png', mimeType: 'image/png', buffer: pngFor(7, 300, 100) });
    await dialog.getByRole('button', { name: 'Attach 1 file' }).click();
    await expect(dialog.getByText(/^Waiting in the outbox, sent when the service answers/)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: join(ART, 'files-queued.png') });
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(uploads()).toEqual([]);
  } finally {
    await sim.startListening();
  }
  // Delivered by the outbox once the service answers; the grid follows the push.
  await expect(tiles(page)).toHaveCount(before + 1, { timeout: 60_000 });
  await expect.poll(() => uploads().length).toBe(1);
  expect([...sim.sim.store.files.values()].filter((f) => f.name === 'offline.png')).toHaveLength(1);
});

test('a file attached from History takes the cursor\'s time, not now', async ({ page }) => {
  const name = await openFiles(page);
  const objectId = Number(new URLSearchParams(page.url().split('?')[1]).get('o'));
  const HOUR = 3_600_000;
  const from = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
  const at = from + 95 * 60_000 + 30_000;
  await page.goto(`${page.url().split('#')[0]}#/history?o=${objectId}&from=${from}&till=${from + 3 * HOUR}&at=${at}`);
  await page.getByRole('button', { name: "Attach a file at the cursor's time" }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `Attach files to ${name}` });
  await expect(dialog).toBeVisible();
  sim.clearWriteLog();
  await dialog.getByLabel('Files to attach').setInputFiles({ name: 'at-stop.png', mimeType: 'image/png', buffer: pngFor(9, 200, 100) });
  await dialog.getByRole('button', { name: 'Attach 1 file' }).click();
  await expect(dialog.getByText('Attached', { exact: true })).toBeVisible();
  const stored = [...sim.sim.store.files.values()].find((f) => f.name === 'at-stop.png');
  // The dialog's time is to the minute and the playhead stands on a fix near the named instant:
  // within minutes of it, hours before now.
  expect(Math.abs(stored!.Time - at)).toBeLessThan(5 * 60_000);
});

test('a video the browser cannot play is offered for saving', async ({ page }) => {
  const name = await openFiles(page);
  await page.getByRole('button', { name: 'Attach…' }).click();
  const dialog = page.getByRole('dialog', { name: `Attach files to ${name}` });
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);
  await dialog.getByLabel('Files to attach').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await dialog.getByRole('button', { name: 'Attach 1 file' }).click();
  await expect(dialog.getByText('Attached', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: new RegExp(`^Open Video of ${name} at `) }).first().click();
  const viewer = page.getByRole('dialog', { name: new RegExp(`^Video of ${name} at `) });
  // Its bytes are an MP4 header and nothing playable: whether or not this browser plays MP4, it is offered for saving.
  await expect(viewer.getByRole('status')).toHaveText('This video (video/mp4) cannot be played here: save it to open it with another program.');
  await page.screenshot({ path: join(ART, 'files-video.png') });
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Save file' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${name} \\d{4}-\\d{2}-\\d{2} \\d{2}-\\d{2}-\\d{2}Z\\.mp4$`));
});
