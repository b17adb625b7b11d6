/**
 * The Admin screen against a simulator this test owns (so it can read the write log): an
 * odometer import with three bad rows → the report lists them by row → they are excluded →
 * the preview → the job runs (progress, the top bar's indicator on another screen) → the
 * results → export as CSV and XLSX → revert. Elements are found by role and name only.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

const ART = join(process.cwd(), 'test/artifacts');
/** The simulator's clock stands still, so an odometer read back is exactly what was written (no driving in between). */
const NOW = Date.now();
/** Objects the file sets, and their odometers before the job. */
let good: { id: number; imei: string; before: number; value: number }[] = [];
let sim: SimulatorHandle;
let host: RunningHost;
let token = '';
/** The rows of the three bad lines in the file (the header is row 1). */
const BAD_ROWS = { unmatched: 4, unparseable: 7, decrease: 10 };

async function api<T>(path: string): Promise<T> {
  const r = await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await r.json()) as T;
}

const odometerOf = async (id: number) => (await api<{ Odometer: number }>(`/api/Objects/odometer/${id}`)).Odometer;

/** PUT SyncOdometer/{id}/{value} entries of the write log, as id → values written, in order. */
function odometerWrites(): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (const e of sim.writeLog()) {
    const hit = /\/api\/Objects\/SyncOdometer\/(\d+)\/([\d.]+)$/.exec(e.path);
    if (!hit || e.status >= 300) continue;
    const id = Number(hit[1]);
    m.set(id, [...(m.get(id) ?? []), Number(hit[2])]);
  }
  return m;
}

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 40, seed: 11, now: () => NOW });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-admin-')) });
  token = await sim.tokenFor('demo');
  const objects = await api<{ Id: number; IMEI?: string }[]>('/api/Objects');
  const withImei = objects.filter((o) => o.IMEI).slice(0, 9);
  good = [];
  for (const o of withImei) {
    const before = await odometerOf(o.Id);
    good.push({ id: o.Id, imei: o.IMEI!, before, value: Math.round(before) + 250 });
  }
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

/** Nine objects: seven set, one with a value that does not parse, one going down; plus an IMEI that matches nothing. */
function csvFile(): string {
  const lines = ['IMEI,Odometer km,Note'];
  let g = 0;
  for (let row = 2; row <= 11; row++) {
    if (row === BAD_ROWS.unmatched) lines.push('999999999999999,12000,no such device');
    else if (row === BAD_ROWS.unparseable) lines.push(`${good[7]!.imei},twelve,typo`);
    else if (row === BAD_ROWS.decrease) lines.push(`${good[8]!.imei},${Math.max(0, Math.round(good[8]!.before) - 500)},old reading`);
    else {
      const o = good[g++]!;
      lines.push(`${o.imei},${o.value},workshop`);
    }
  }
  return lines.join('\n');
}
const SET = () => good.slice(0, 7);

async function openAdmin(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('grid', { name: 'Objects to administer' }).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
}

const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name });

test('the table: every object, search, sort, selection with its count', async ({ page }) => {
  await openAdmin(page);
  const grid = page.getByRole('grid', { name: 'Objects to administer' });
  const status = page.getByRole('toolbar', { name: 'Actions on the selected objects' }).getByRole('status');
  await expect(status).toHaveText(/^0 selected · \d+ objects$/);
  const rows = grid.getByRole('rowgroup').getByRole('row');
  await rows.nth(0).click();
  await rows.nth(3).click({ modifiers: ['Shift'] });
  await expect(status).toHaveText(/^4 selected/);
  await rows.nth(5).getByRole('checkbox').click();
  await expect(status).toHaveText(/^5 selected/);
  await grid.getByRole('columnheader', { name: 'Odometer, km' }).getByRole('button').click();
  await expect(grid.getByRole('columnheader', { name: 'Odometer, km' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('searchbox', { name: 'Search objects by name, plate or IMEI' }).fill(good[0]!.imei);
  await expect(rows).toHaveCount(1);
  await grid.getByRole('checkbox', { name: 'Select every object shown' }).check();
  await expect(status).toHaveText(/^6 selected · 1 of \d+ shown$/);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(status).toHaveText(/^0 selected/);
});

test('delete asks for the count typed out and says there is no undo', async ({ page }) => {
  await openAdmin(page);
  const rows = page.getByRole('grid', { name: 'Objects to administer' }).getByRole('rowgroup').getByRole('row');
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['Control'] });
  await page.getByRole('toolbar', { name: 'Actions on the selected objects' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete: 2 objects' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete: 2 objects' });
  await expect(ask.getByText('There is no undo.')).toBeVisible();
  const go = ask.getByRole('button', { name: 'Delete 2 objects' });
  await expect(go).toBeDisabled();
  await ask.getByRole('textbox', { name: 'Type “delete 2” to confirm' }).fill('delete 3');
  await expect(go).toBeDisabled();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(sim.writeLog().filter((e) => e.method === 'DELETE')).toEqual([]);
});

test('import with three bad rows → report → preview → run → results → export → revert', async ({ page }) => {
  test.setTimeout(150_000);
  await openAdmin(page);
  await section(page, 'Import from a file').click();
  await page.getByLabel('Choose a CSV or XLSX file').setInputFiles({ name: 'workshop.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFile()) });

  // The mapping is guessed from the headers.
  await expect(page.getByRole('combobox', { name: 'Column “IMEI” holds' })).toHaveValue('imei');
  await expect(page.getByRole('combobox', { name: 'Column “Odometer km” holds' })).toHaveValue('odometer');
  await expect(page.getByRole('combobox', { name: 'Column “Note” holds' })).toHaveValue('ignore');
  await page.getByRole('button', { name: 'Match 10 rows' }).click();

  // The report lists each bad row by its number; nothing goes on until each is decided.
  const report = page.getByRole('table', { name: 'Rows with problems' });
  const problemRows = report.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(problemRows).toHaveCount(3);
  await expect(problemRows.nth(0).getByRole('cell').nth(0)).toHaveText(String(BAD_ROWS.unmatched));
  await expect(problemRows.nth(0)).toContainText('No object');
  await expect(problemRows.nth(1).getByRole('cell').nth(0)).toHaveText(String(BAD_ROWS.unparseable));
  await expect(problemRows.nth(1)).toContainText('Bad value');
  await expect(problemRows.nth(2).getByRole('cell').nth(0)).toHaveText(String(BAD_ROWS.decrease));
  await expect(problemRows.nth(2)).toContainText('Goes down');
  await expect(page.getByRole('button', { name: 'Decide 3 more rows' })).toBeDisabled();
  await page.screenshot({ path: join(ART, 'admin-import-report-light-1400.png') });
  for (const row of Object.values(BAD_ROWS)) await page.getByRole('checkbox', { name: `Exclude row ${row}` }).check();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  // The preview: current → new per object; nothing written yet.
  const preview = page.getByRole('table', { name: 'Preview: current and new values' });
  await expect(preview.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(7);
  expect(odometerWrites().size).toBe(0);

  // Slow writes, so the job is seen running (and its indicator on another screen).
  sim.setFaults({ latencyMs: 5000, pathPattern: 'SyncOdometer' });
  await page.getByRole('button', { name: 'Start: 7 objects' }).click();
  await expect(page.getByRole('progressbar', { name: /workshop\.csv: progress/ })).toBeVisible();
  const indicator = page.getByRole('button', { name: /^Job running: .*workshop\.csv/ });
  await expect(indicator).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Live' }).click();
  await expect(page.getByRole('grid', { name: 'Object list' })).toBeVisible();
  await expect(indicator).toBeVisible();
  await indicator.click();
  await expect(page.getByRole('status').filter({ hasText: /^Finished$/ })).toBeVisible({ timeout: 60_000 });
  sim.clearFaults();
  await expect(page.getByRole('progressbar', { name: /workshop\.csv: progress/ })).toHaveAttribute('aria-valuenow', '100');
  await expect(indicator).toBeHidden();

  // Every object has the file's value, written once; the excluded rows wrote nothing.
  const writes = odometerWrites();
  expect([...writes.keys()].sort((a, b) => a - b)).toEqual(SET().map((o) => o.id).sort((a, b) => a - b));
  for (const o of SET()) {
    expect(writes.get(o.id)).toEqual([o.value]);
    expect(await odometerOf(o.id)).toBe(o.value);
  }

  // Results: each item done; no failures.
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(7);
  await expect(items.getByRole('cell', { name: 'Done', exact: true })).toHaveCount(7);
  await page.getByRole('checkbox', { name: 'Failures only' }).check();
  await expect(page.getByRole('table', { name: 'Failed items' }).getByText('No item failed.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Failures only' }).uncheck();
  await page.screenshot({ path: join(ART, 'admin-results-light-1400.png') });

  // Export as CSV and XLSX.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = readFileSync((await csv.path())!, 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines).toHaveLength(8);
  for (const o of SET()) expect(text).toContain(String(o.value));
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString('latin1')).toBe('PK');

  // Revert: a new job setting each object back to the value read before the writes.
  const firstJob = page.url();
  await page.getByRole('button', { name: 'Revert' }).click();
  await page.getByRole('alertdialog', { name: 'Revert this job?' }).getByRole('button', { name: 'Revert 7 objects' }).click();
  await expect(page).not.toHaveURL(firstJob);
  await expect(page.getByRole('status').filter({ hasText: /^Finished$/ })).toBeVisible({ timeout: 60_000 });
  for (const o of SET()) expect(await odometerOf(o.id)).toBe(o.before);
  const after = odometerWrites();
  for (const o of SET()) expect(after.get(o.id)).toEqual([o.value, o.before]);

  // Both jobs are in the history.
  await section(page, 'Jobs').click();
  const history = page.getByRole('table', { name: 'Jobs' });
  await expect(history.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(2);
});

for (const theme of ['light', 'dark'] as const) {
  for (const [w, h] of [
    [1600, 900],
    [1024, 700],
  ] as const) {
    test(`looks right: ${theme}, ${w}×${h}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await page.addInitScript((t) => localStorage.setItem('fleet.theme', t), theme);
      await openAdmin(page);
      const rows = page.getByRole('grid', { name: 'Objects to administer' }).getByRole('rowgroup').getByRole('row');
      await rows.nth(1).click();
      await rows.nth(4).click({ modifiers: ['Shift'] });
      await page.screenshot({ path: join(ART, `admin-table-${theme}-${w}x${h}.png`) });
      await page.getByRole('toolbar', { name: 'Actions on the selected objects' }).getByRole('button', { name: 'Set icon' }).click();
      await expect(page.getByRole('dialog', { name: 'Set icon: 4 objects' }).getByRole('radio').first()).toBeAttached();
      await page.screenshot({ path: join(ART, `admin-icon-${theme}-${w}x${h}.png`) });
      await page.keyboard.press('Escape');
      await section(page, 'Jobs').click();
      await page.getByRole('table', { name: 'Jobs' }).getByRole('button').first().click();
      await expect(page.getByRole('table', { name: 'Items' })).toBeVisible();
      await page.screenshot({ path: join(ART, `admin-job-${theme}-${w}x${h}.png`) });
    });
  }
}
