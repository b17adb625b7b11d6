/**
 * A driver key in the details panel reads as its driver: "Name (key UId)", the name being
 * the one the service's key and driver catalogues give; a key no driver holds stays its UId.
 */
import { expect, test, type Page } from './support/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

let sim: SimulatorHandle;
let host: RunningHost;
/** An object with a key attached now, its key and the key's driver, as the service says. */
let target: { name: string; uid: string; driver: string };

async function get<T>(path: string): Promise<T> {
  const r = await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${await sim.tokenFor('demo')}` } });
  return (await r.json()) as T;
}

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 30, seed: 12 });
  const status = await get<{ DriverKeys: { ObjectId: number; UId: string }[] }>('/api/ObjectsStatus');
  const objects = await get<{ Id: number; Name: string }[]>('/api/Objects');
  const keys = await get<{ UId: string; DriverId: number }[]>('/api/DriverKeys');
  const drivers = await get<{ Id: number; Name: string }[]>('/api/Drivers');
  for (const k of status.DriverKeys) {
    const o = objects.find((x) => x.Id === k.ObjectId);
    const d = drivers.find((x) => x.Id === keys.find((y) => y.UId.toUpperCase() === k.UId.toUpperCase())?.DriverId);
    if (o && d) {
      target = { name: o.Name, uid: k.UId, driver: d.Name };
      break;
    }
  }
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-drivers-')) });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

async function details(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  const search = page.getByRole('searchbox', { name: /Search objects/ });
  await expect(search).toBeVisible({ timeout: 30_000 });
  await search.fill(target.name);
  // The target's own row: the first row can still be another object's while the filter applies.
  await page.getByRole('grid', { name: 'Object list' }).getByRole('rowgroup').getByRole('row').filter({ hasText: target.name }).first().click();
  const panel = page.getByRole('region', { name: 'Object details' });
  await expect(panel.getByRole('heading', { name: target.name })).toBeVisible();
  return panel.getByRole('region', { name: 'Driver' });
}

test('the details panel names the driver of the attached key', async ({ page }) => {
  expect(target, 'the simulator has an object with a key of a known driver').toBeDefined();
  const driver = await details(page);
  await expect(driver).toContainText(`${target.driver} (key ${target.uid}) · attached`);
});
