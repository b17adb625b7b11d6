/**
 * The Reports screen against a simulator this test owns: pick a report, objects and an
 * interval, run it, read the table and its totals (checked against the service's own
 * answer), sort, export XLSX and read it back with exceljs (same rows, typed cells).
 * Elements are found by role and name only.
 */
import { expect, test, type Page } from './support/test';
import ExcelJS from 'exceljs';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });
// The presets are in the user's zone; UTC here makes "yesterday" the service's UTC day.
test.use({ timezoneId: 'UTC', viewport: { width: 1400, height: 900 } });

const ART = join(process.cwd(), 'test/artifacts');
const DAY = 86_400_000;
let sim: SimulatorHandle;
let host: RunningHost;
let picked: { Id: number; Name: string }[] = [];

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 30, seed: 5 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-reports-')) });
  picked = (await demoObjects(sim.baseUrl)).slice(0, 4);
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

async function serviceReport(kind: string, from: number, till: number): Promise<Record<string, unknown>[]> {
  const token = await sim.tokenFor('demo');
  const r = await fetch(`${sim.baseUrl}/api/Reports/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ObjectIds: picked.map((o) => o.Id), From: from, Till: till }),
  });
  return (await r.json()) as Record<string, unknown>[];
}

const hmm = (s: number) => {
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
};

async function openReports(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/#\/reports$/);
}

async function pick(page: Page, kind: string, interval: string) {
  await page.getByRole('combobox', { name: 'Report kind' }).selectOption({ label: kind });
  await page.getByRole('combobox', { name: 'Interval' }).selectOption({ label: interval });
  const list = page.getByRole('list', { name: 'Objects to report on' });
  for (const o of picked) {
    const box = list.getByRole('checkbox', { name: o.Name, exact: true });
    if (!(await box.isChecked())) await box.check();
  }
}

test('engine operation: pick, run, table and totals as the service answers, sort, XLSX with the same rows', async ({ page }) => {
  await openReports(page);
  await expect(page.getByRole('button', { name: 'Run report' })).toBeDisabled();
  await pick(page, 'Engine operation', 'Yesterday');
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: 'Engine operation report' });
  await expect(table).toBeVisible({ timeout: 60_000 });
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(picked.length);

  const till = Math.floor(Date.now() / DAY) * DAY;
  const answer = await serviceReport('Moto', till - DAY, till);
  const engine = answer.reduce((s, r) => s + (r.EngineTime as number), 0);
  const total = table.getByRole('row', { name: 'Total' });
  await expect(total.getByRole('cell').nth(0)).toHaveText(`Total (${picked.length} objects)`);
  await expect(total.getByRole('cell').nth(1)).toHaveText(hmm(engine));
  for (const r of answer) {
    const name = picked.find((o) => o.Id === r.ObjectId)!.Name;
    await expect(rows.filter({ hasText: name }).getByRole('cell').nth(1)).toHaveText(hmm(r.EngineTime as number));
  }

  // Sort by engine time, longest first.
  const header = table.getByRole('columnheader', { name: /Engine on/ });
  await header.getByRole('button').click();
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const longest = [...answer].sort((a, b) => (b.EngineTime as number) - (a.EngineTime as number))[0]!;
  await expect(rows.first().getByRole('cell').nth(0)).toHaveText(picked.find((o) => o.Id === longest.ObjectId)!.Name);
  await page.screenshot({ path: join(ART, 'reports-moto.png') });

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Engine operation - ${picked.length} objects - \\d{4}-\\d\\d-\\d\\d\\.xlsx$`));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.worksheets[0]!;
  expect(ws.rowCount).toBe(picked.length + 2);
  expect(ws.getRow(1).getCell(2).value).toBe('Engine on, h:mm:ss');
  // A duration cell is a spreadsheet time ([h]:mm:ss), which exceljs reads back as a Date from 1899-12-30.
  const seconds = (v: unknown) => (v instanceof Date ? v.getTime() / 1000 + 25_569 * 86_400 : NaN);
  expect(ws.getRow(2).getCell(2).numFmt).toBe('[h]:mm:ss');
  const sheetRows = new Map<string, number>();
  for (let i = 2; i <= picked.length + 1; i++) sheetRows.set(String(ws.getRow(i).getCell(1).value), seconds(ws.getRow(i).getCell(2).value));
  for (const r of answer) expect(sheetRows.get(picked.find((o) => o.Id === r.ObjectId)!.Name)!).toBeCloseTo(r.EngineTime as number, 2);
  expect(ws.getRow(picked.length + 2).getCell(1).value).toBe(`Total (${picked.length} objects)`);
});

test('fuel: units from the sensors in the header, refuels as the service counts them, the chart, CSV', async ({ page }) => {
  await openReports(page);
  await pick(page, 'Fuel', 'Last week');
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: 'Fuel report' });
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(table.getByRole('columnheader', { name: 'Refuelled, l' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Fuel refuelled and drained/ })).toBeVisible();
  await page.screenshot({ path: join(ART, 'reports-fuel.png'), fullPage: true });
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^Fuel - 4 objects - \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.csv$/);
});

test('fleet dashboard: mileage as the service’s daily statistics add up, the trend, ranked lists, per-object table', async ({ page }) => {
  await openReports(page);
  // The fleet is listed (the dashboard covers every object the console knows).
  await expect(page.getByRole('list', { name: 'Objects to report on' }).getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Report views' }).getByRole('button', { name: 'Fleet dashboard' }).click();
  await page.getByRole('combobox', { name: 'Dashboard interval' }).selectOption({ label: 'Last week' });
  const tiles = page.getByRole('list', { name: 'Fleet totals' });
  await expect(tiles).toBeVisible({ timeout: 60_000 });
  // Last week in UTC (Monday to Monday), asked of the service's DailyStat in the same interval.
  const today = Math.floor(Date.now() / DAY) * DAY;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const token = await sim.tokenFor('demo');
  const all = (await demoObjects(sim.baseUrl)).map((o) => o.Id);
  const r = await fetch(`${sim.baseUrl}/api/ObjectsHistory/DailyStat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ObjectIds: all, From: monday - 7 * DAY, Till: monday }),
  });
  // The service answers every local day the week touches; a day counts when most of it is inside.
  const inside = (d: { Day: number }) => Math.min(d.Day + DAY, monday) - Math.max(d.Day, monday - 7 * DAY) >= DAY / 2;
  const days = ((await r.json()) as { Day: number; Length: number }[]).filter(inside);
  const km = Math.round(days.reduce((s, d) => s + d.Length, 0));
  await expect(tiles.getByRole('listitem').filter({ hasText: 'Mileage' })).toContainText(`${new Intl.NumberFormat('en-GB').format(km)} km`);
  await expect(page.getByRole('figure', { name: 'Day by day trend' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Most idle' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('table', { name: 'Dashboard per object' }).getByRole('row', { name: 'Total' })).toBeVisible();
  await page.screenshot({ path: join(ART, 'reports-dashboard.png'), fullPage: true });
});

test('templates: the list, a type’s columns, the last result as a table', async ({ page }) => {
  await openReports(page);
  await page.getByRole('navigation', { name: 'Report views' }).getByRole('button', { name: 'Templates' }).click();
  await page.getByRole('list', { name: 'Templates' }).getByRole('button', { name: /Fuel summary/ }).click();
  await expect(page.getByText('Columns: Object · Start, l · End, l · Refuelled, l · Drained, l')).toBeVisible();
  await page.getByRole('button', { name: 'Show last result' }).click();
  const table = page.getByRole('table', { name: 'Result of Fuel summary' });
  await expect(table.getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('columnheader', { name: 'Refuelled, l' })).toBeVisible();
  await page.screenshot({ path: join(ART, 'reports-templates.png') });
});
