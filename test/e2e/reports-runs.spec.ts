/**
 * The Reports screen's other runs against a simulator this test owns: geozone visits and
 * counters (table and totals as the service itself answers, and their charts), Cancel of a
 * report the service is slow to answer, and the cached table the screen reopens on when
 * the service has gone away. Elements are found by role and name only.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });
// The presets are in the user's zone; UTC here makes them the service's UTC days.
test.use({ timezoneId: 'UTC', viewport: { width: 1400, height: 900 } });

const ART = join(process.cwd(), 'test/artifacts');
const DAY = 86_400_000;
let sim: SimulatorHandle;
let host: RunningHost;
let picked: { Id: number; Name: string }[] = [];

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 30, seed: 5 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-reports-runs-')) });
  picked = (await demoObjects(sim.baseUrl)).slice(0, 4);
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

type Rec = Record<string, unknown>;
async function serviceReport(kind: string, from: number, till: number): Promise<Rec[]> {
  const token = await sim.tokenFor('demo');
  const r = await fetch(`${sim.baseUrl}/api/Reports/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ObjectIds: picked.map((o) => o.Id), From: from, Till: till }),
  });
  return (await r.json()) as Rec[];
}

const hmm = (s: number) => {
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
};
const num = (v: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(Math.round(v * 100) / 100);
const nameOf = (id: unknown) => picked.find((o) => o.Id === id)!.Name;

/** Last week in UTC, Monday to Monday; last month, the 1st to the 1st. */
function lastWeek(): { from: number; till: number } {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  return { from: monday - 7 * DAY, till: monday };
}
function lastMonth(): { from: number; till: number } {
  const d = new Date();
  return { from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1), till: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) };
}

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

test('geozone visits: every visit the service lists, time inside per object and overall, the timeline', async ({ page }) => {
  await openReports(page);
  await pick(page, 'Geozone visits', 'Last week');
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: 'Geozone visits report' });
  await expect(table).toBeVisible({ timeout: 60_000 });

  const w = lastWeek();
  const answer = await serviceReport('GeozoneVisit', w.from, w.till);
  expect(answer.length).toBeGreaterThan(0);
  // Rows are virtualised: the table's row count (header, visits, total) says how many it holds.
  await expect(table).toHaveAttribute('aria-rowcount', String(answer.length + 2));
  const inside = answer.reduce((s, r) => s + (r.Duration as number), 0);
  const total = table.getByRole('row', { name: 'Total' });
  await expect(total.getByRole('cell').nth(4)).toHaveText(hmm(inside));

  const timeline = page.getByRole('figure', { name: 'Geozone visits timeline' });
  const zones = new Set(answer.map((r) => r.GeozoneName)).size;
  const objects = new Set(answer.map((r) => r.ObjectId)).size;
  await expect(timeline.getByRole('img', { name: new RegExp(`^${answer.length} visits to ${zones} geozones by ${objects} objects`) })).toBeVisible();
  // Eight colours: past them, seven geozones keep one each and the rest share a grey the legend counts.
  const legend = timeline.getByRole('list', { name: 'Geozone colours' }).getByRole('listitem');
  await expect(legend).toHaveCount(Math.min(zones, 8));
  if (zones > 8) await expect(legend.last()).toHaveText(`Other geozones: ${zones - 7}`);
  await page.screenshot({ path: join(ART, 'reports-geozones.png'), fullPage: true });

  // Per object: one row each, its visits counted and its time inside summed.
  await page.getByRole('checkbox', { name: 'Totals per object' }).check();
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(objects);
  for (const id of new Set(answer.map((r) => r.ObjectId))) {
    const mine = answer.filter((r) => r.ObjectId === id);
    const row = rows.filter({ hasText: `${nameOf(id)} (${mine.length} visits)` });
    await expect(row.getByRole('cell').nth(4)).toHaveText(hmm(mine.reduce((s, r) => s + (r.Duration as number), 0)));
  }
});

test('counters: odometer and engine hours as the service reads them, the totals, the chart', async ({ page }) => {
  await openReports(page);
  await pick(page, 'Counters', 'Last month');
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: 'Counters report' });
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(table.getByRole('columnheader', { name: 'Mileage, km' })).toBeVisible();
  // Every header reads whole, its unit too: none is cut to the column's width.
  type Box = { scrollWidth: number; clientWidth: number; textContent: string | null };
  const cut = await table.getByRole('columnheader').evaluateAll((hs) => (hs as unknown as Box[]).filter((h) => h.scrollWidth > h.clientWidth + 1).map((h) => h.textContent));
  expect(cut).toEqual([]);

  const m = lastMonth();
  const answer = await serviceReport('Counters', m.from, m.till);
  expect(answer).toHaveLength(picked.length);
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(picked.length);
  for (const r of answer) {
    const cells = rows.filter({ hasText: nameOf(r.ObjectId) }).getByRole('cell');
    await expect(cells.nth(1)).toHaveText(num(r.OdometerStart as number));
    await expect(cells.nth(2)).toHaveText(num(r.OdometerEnd as number));
    await expect(cells.nth(3)).toHaveText(num(r.Mileage as number));
    await expect(cells.nth(6)).toHaveText(num((r.EngineHoursEnd as number) - (r.EngineHoursStart as number)));
  }
  const total = table.getByRole('row', { name: 'Total' });
  await expect(total.getByRole('cell').nth(3)).toHaveText(num(answer.reduce((s, r) => s + (r.Mileage as number), 0)));

  const chart = page.getByRole('figure', { name: 'Counters over the interval' });
  await expect(chart.getByRole('img', { name: /Mileage, km of the 4 objects/ })).toBeVisible();
  const most = [...answer].sort((a, b) => (b.Mileage as number) - (a.Mileage as number))[0]!;
  await expect(chart).toContainText(`most: ${nameOf(most.ObjectId)}`);
  await page.screenshot({ path: join(ART, 'reports-counters.png'), fullPage: true });

  // PDF in browser mode: the main side answers "the print dialog", and the page opens it.
  // A headless browser shows no dialog, so the page's print is counted instead of run.
  await page.evaluate(() => {
    const w = globalThis as unknown as { prints: number; print: () => void };
    w.prints = 0;
    w.print = () => void w.prints++;
  });
  await page.getByRole('button', { name: 'Print or save as PDF' }).click();
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { prints: number }).prints)).toBe(1);
  await expect(page).toHaveTitle(/Fleet Console/);
});

test('cancel: a report the service is slow to answer stops on Cancel, shown as cancelled, and the screen is free again', async ({ page }) => {
  await openReports(page);
  await pick(page, 'Engine operation', 'Last month');
  // Longer than any wait below: the report ends only because it was cancelled.
  sim.setFaults({ latencyMs: 120_000 });
  try {
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Cancelled/ })).toBeVisible({ timeout: 30_000 });
  } finally {
    sim.clearFaults();
  }
  await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Engine operation report' }).getByRole('row', { name: 'Total' }).getByRole('cell').first()).toHaveText('Total (0 objects)');
  await expect(page.getByRole('button', { name: 'Run report' })).toBeEnabled();
});

test('offline: the screen reopens on the cached table, with its age, and says it cannot refresh it', async ({ page }) => {
  await openReports(page);
  await pick(page, 'Fuel', 'Yesterday');
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: 'Fuel report' });
  await expect(table.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(picked.length, { timeout: 60_000 });
  const before = await table.getByRole('rowgroup').nth(1).getByRole('row').allInnerTexts();

  await sim.stopListening();
  await expect(page.getByText('Offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await screens.getByRole('button', { name: 'History' }).click();
  await expect(table).toBeHidden();
  await screens.getByRole('button', { name: 'Reports' }).click();

  await expect(table).toBeVisible({ timeout: 30_000 });
  expect(await table.getByRole('rowgroup').nth(1).getByRole('row').allInnerTexts()).toEqual(before);
  await expect(page.getByRole('region', { name: 'Report result' })).toContainText(/read \d+ (s|min) ago/);
  await expect(page.getByRole('status').filter({ hasText: 'cannot be refreshed until the service answers' })).toBeVisible();
  await page.screenshot({ path: join(ART, 'reports-offline.png'), fullPage: true });
});
