/**
 * The catalogue's "Objects edit" list at an administrator's scale: 3,000 objects from a
 * simulator this test owns, in real Chromium. The whole list is there to scroll (no cap, no
 * "search to narrow" hint): sorted by Id, the table scrolled to its end shows the last
 * object, while only the rows in view are drawn. Found by role and name.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

const TOTAL = 3000;
const ART = join(process.cwd(), 'test/artifacts');
let sim: SimulatorHandle;
let host: RunningHost;
let all: { Id: number; Name: string }[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startSimulator({ objects: TOTAL, seed: 31 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-catalogue-3000-')) });
  mkdirSync(ART, { recursive: true });
  const token = await sim.tokenFor('admin');
  all = (await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).json()) as typeof all;
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Objects edit' });

test('3,000 objects: the Objects edit list scrolls whole to the last object, drawing only the rows in view', async ({ page }) => {
  test.setTimeout(180_000);
  expect(all).toHaveLength(TOTAL);
  await signInToOwnFleet(page, host.url, sim.baseUrl, 'admin');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Objects edit', exact: true }).click();
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(TOTAL + 1), { timeout: 60_000 });
  await expect(page.getByText(/search to narrow the list/)).toHaveCount(0);

  await table(page).getByRole('columnheader', { name: 'Id' }).getByRole('button').click();
  await expect(table(page).getByRole('columnheader', { name: 'Id' })).toHaveAttribute('aria-sort', 'ascending');
  const byId = [...all].sort((a, b) => a.Id - b.Id);
  const first = byId[0]!;
  const last = byId.at(-1)!;
  await expect(table(page).getByRole('button', { name: `Open ${first.Name}`, exact: true })).toBeVisible();
  // Drawn: a window of rows, not thousands.
  expect(await table(page).getByRole('row').count()).toBeLessThan(200);

  await table(page).evaluate((el) => {
    const box = el as unknown as { scrollTop: number; scrollHeight: number };
    box.scrollTop = box.scrollHeight;
  });
  const lastRow = table(page).getByRole('row', { name: new RegExp(`^${last.Id}\\b`) });
  await expect(lastRow).toBeVisible();
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(TOTAL + 1));
  await expect(table(page).getByRole('button', { name: `Open ${first.Name}`, exact: true })).toHaveCount(0);
  await page.screenshot({ path: join(ART, 'catalogue-3000.png') });

  // The last object opens in the form from there.
  await lastRow.getByRole('button', { name: `Open ${last.Name}`, exact: true }).click();
  await expect(page.getByRole('form', { name: `Object ${last.Name}` })).toBeVisible();
});
