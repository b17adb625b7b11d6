/**
 * The Admin table at an administrator's scale: 3,000 objects from a simulator this test
 * owns, in real Chromium. Sort (both ways), search, select every object shown (the count
 * in the bar) and scrolling the virtual rows to the very last one, found by role and name.
 * How fast is the bench's business, never asserted here.
 */
import { expect, test, type Page } from './support/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

const TOTAL = 3000;
interface Obj {
  Id: number;
  Name: string;
  IMEI?: string;
  StateNumber?: string;
}
let sim: SimulatorHandle;
let host: RunningHost;
let all: Obj[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startSimulator({ objects: TOTAL, seed: 30 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-admin-3000-')) });
  const token = await sim.tokenFor('admin');
  all = (await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).json()) as Obj[];
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Objects to administer' });
const dataRows = (page: Page) => grid(page).getByRole('rowgroup').getByRole('row');
const status = (page: Page) => page.getByRole('toolbar', { name: 'Actions on the selected objects' }).getByRole('status');
/** The IMEI cells of the rendered rows, read in one pass. */
const shownImeis = async (page: Page) => {
  const cells = await dataRows(page).evaluateAll((rows) =>
    rows.map((r) => Array.from((r as unknown as { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> }).querySelectorAll('[role=gridcell]'), (c) => c.textContent ?? '')),
  );
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const i = headers.findIndex((h) => h.startsWith('IMEI'));
  expect(i).toBeGreaterThanOrEqual(0);
  return cells.map((c) => c[i] ?? '');
};
const sortedByImei = () => [...all].sort((a, b) => (a.IMEI ?? '').localeCompare(b.IMEI ?? ''));

test('3,000 objects: sort both ways, search, select every object shown, scroll to the last row', async ({ page }) => {
  test.setTimeout(180_000);
  expect(all).toHaveLength(TOTAL);
  // Every IMEI is 15 digits: their text order is their number order, whatever the sort's rule for text.
  expect(all.every((o) => /^\d{15}$/.test(o.IMEI ?? ''))).toBe(true);
  await signInToOwnFleet(page, host.url, sim.baseUrl, 'admin');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await expect(status(page)).toHaveText(`0 selected · ${TOTAL} objects`, { timeout: 60_000 });
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(TOTAL + 1));

  // Sort by IMEI: ascending first, then descending; the first row is the fleet's lowest, then highest.
  const imei = grid(page).getByRole('columnheader', { name: 'IMEI' });
  await imei.getByRole('button').click();
  await expect(imei).toHaveAttribute('aria-sort', 'ascending');
  const asc = sortedByImei();
  await expect(dataRows(page).first()).toHaveAccessibleName(asc[0]!.Name);
  const up = await shownImeis(page);
  expect(up.length).toBeGreaterThan(5);
  expect(up).toEqual(asc.slice(0, up.length).map((o) => o.IMEI));
  await imei.getByRole('button').click();
  await expect(imei).toHaveAttribute('aria-sort', 'descending');
  await expect(dataRows(page).first()).toHaveAccessibleName(asc[TOTAL - 1]!.Name);

  // Scroll the virtual rows to the end: the last row is the lowest IMEI, at row index 3,001.
  await grid(page)
    .getByRole('rowgroup')
    .evaluate((el) => {
      const body = el as unknown as { scrollTop: number; scrollHeight: number };
      body.scrollTop = body.scrollHeight;
    });
  const last = grid(page).getByRole('row', { name: asc[0]!.Name, exact: true });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-rowindex', String(TOTAL + 1));

  // Search: a few IMEI digits that some hundreds of objects share (name, plate or IMEI, as the screen searches).
  const matches = (q: string) => all.filter((o) => [o.Name, o.StateNumber ?? '', o.IMEI ?? ''].some((f) => f.toLowerCase().includes(q))).length;
  const q = ['777', '123', '555', '42', '99'].find((t) => matches(t) >= 20 && matches(t) <= 1000)!;
  expect(q).toBeDefined();
  const n = matches(q);
  await page.getByRole('searchbox', { name: 'Search objects by name, plate or IMEI' }).fill(q);
  await expect(status(page)).toHaveText(`0 selected · ${n} of ${TOTAL} shown`);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(n + 1));

  // Select all filtered: the count is the shown rows, and stays when the search is cleared.
  await grid(page).getByRole('checkbox', { name: 'Select every object shown' }).check();
  await expect(status(page)).toHaveText(`${n} selected · ${n} of ${TOTAL} shown`);
  await page.getByRole('searchbox', { name: 'Search objects by name, plate or IMEI' }).fill('');
  await expect(status(page)).toHaveText(`${n} selected · ${TOTAL} objects`);
  await expect(grid(page).getByRole('checkbox', { name: 'Select every object shown' })).not.toBeChecked();
  // The selection is exactly the matching rows: the first row shown now (highest IMEI) is chosen only if it matched.
  const top = asc[TOTAL - 1]!;
  const topMatched = [top.Name, top.StateNumber ?? '', top.IMEI ?? ''].some((f) => f.toLowerCase().includes(q));
  await expect(dataRows(page).first()).toHaveAttribute('aria-selected', String(topMatched));
});
