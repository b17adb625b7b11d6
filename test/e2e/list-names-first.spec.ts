/**
 * A first sign-in lists every object's name from the service's reduced list while the full
 * list is still on its way (decision 0073), says so under the list and in the details, and
 * gives way to the full list. The simulator's latency fault holds the full list back.
 * Screenshots go to test/artifacts.
 */
import { expect, test } from './support/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 60, seed: 31 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-names-first-')) });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

test('a first sign-in lists the names at once, says the rest is loading, then shows the full list', async ({ page }) => {
  const objects = await demoObjects(sim.baseUrl);
  sim.setFaults({ latencyMs: 8000, pathPattern: '^/api/Objects$' });
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  const grid = page.getByRole('grid', { name: 'Object list' });
  const footer = page.getByText('Names only, full list loading…');
  await expect(footer).toBeVisible({ timeout: 20_000 });
  await expect(grid).toHaveAttribute('aria-busy', 'true');
  await expect(grid).toHaveAttribute('aria-rowcount', String(objects.length + 1));
  const first = grid.getByRole('rowgroup').getByRole('row').first();
  await first.click();
  const details = page.getByRole('region', { name: 'Object details' });
  await expect(details.getByText('The details come with the full object list, which is still loading…')).toBeVisible();
  await expect(details.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: 'test/artifacts/list-names-first.png' });

  // The full list: the notice goes, the grid is no longer busy, the details come by themselves.
  await expect(footer).toBeHidden({ timeout: 30_000 });
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  await expect(grid).toHaveAttribute('aria-rowcount', String(objects.length + 1));
  await expect(details.getByRole('heading', { name: 'Driver' })).toBeVisible({ timeout: 15_000 });
  await expect(details.getByText('The details come with the full object list')).toHaveCount(0);
  await page.screenshot({ path: 'test/artifacts/list-names-first-full.png' });
});

test('History opened before the full list names its charts by the sensors once the list is in', async ({ page }) => {
  test.setTimeout(120_000);
  // A first sign-in of its own: this host's cache has never held the full list.
  const fresh = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-names-first-history-')) });
  try {
    sim.setFaults({ latencyMs: 8000, pathPattern: '^/api/Objects$' });
    await signInToOwnFleet(page, fresh.url, sim.baseUrl);
    const footer = page.getByText('Names only, full list loading…');
    await expect(footer).toBeVisible({ timeout: 20_000 });
    await page.getByRole('grid', { name: 'Object list' }).getByRole('rowgroup').getByRole('row').first().click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: 'Last 7 days' }).click();
    // The track and its readings come without the list; the sensors' names and units with it.
    await expect(footer).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('figure', { name: 'Fuel level chart' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('figure', { name: /^Sensor \d+ chart$/ })).toHaveCount(0);
  } finally {
    sim.setFaults({ latencyMs: 0, pathPattern: '' });
    await fresh.stop();
  }
});
