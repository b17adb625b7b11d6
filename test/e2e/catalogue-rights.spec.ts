/**
 * A write-only 403 in the catalogue: the account may read drivers but the service refuses its
 * writes (the simulator's per-user ReadOnly flag). The refused save says so at the form, the
 * collection turns read-only with its words (no "New", fields disabled), and the list still
 * shows every driver, unchanged at the service. Found by role and name.
 */
import { expect, test } from './support/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

const ART = join(process.cwd(), 'test/artifacts');
let sim: SimulatorHandle;
let host: RunningHost;

async function api<T>(method: string, path: string, body?: unknown, login = 'demo'): Promise<T> {
  const r = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${await sim.tokenFor(login)}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 20, seed: 14 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-catalogue-rights-')) });
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

test('a 403 on write while the list is readable turns the collection read-only with its message', async ({ page }) => {
  await signInToOwnFleet(page, host.url, sim.baseUrl, 'demo');
  const me = (await api<{ Id: number; Login: string }[]>('GET', '/api/Users', undefined, 'admin')).find((u) => u.Login === 'demo')!;
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Drivers', exact: true }).click();
  const drivers = await api<{ Id: number; Name: string }[]>('GET', '/api/Drivers');
  const d = drivers[0]!;
  const table = page.getByRole('table', { name: 'Drivers' });
  await expect(table.getByRole('button', { name: `Open ${d.Name}`, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'New driver' })).toBeVisible();

  await api('PUT', '/api/Users', { Id: me.Id, ReadOnly: true }, 'admin');
  try {
    // Still readable: the list is the service's, and writes are what it refuses.
    expect((await api<unknown[]>('GET', '/api/Drivers')).length).toBe(drivers.length);
    await table.getByRole('button', { name: `Open ${d.Name}`, exact: true }).click();
    const form = page.getByRole('form', { name: `Driver ${d.Name}` });
    await form.getByLabel('Name').fill('Not allowed');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('alert')).toContainText('This account may not change driver records');
    const note = page.getByRole('note').filter({ hasText: 'Read-only:' });
    await expect(note).toContainText('not allowed to change this collection');
    await expect(page.getByRole('button', { name: 'New driver' })).toHaveCount(0);
    await expect(form.getByLabel('Name')).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(table).toHaveAttribute('aria-rowcount', String(drivers.length + 1));
    await page.screenshot({ path: join(ART, 'catalogue-write-403.png') });
    expect((await api<{ Id: number; Name: string }[]>('GET', '/api/Drivers')).find((x) => x.Id === d.Id)!.Name).toBe(d.Name);
  } finally {
    await api('PUT', '/api/Users', { Id: me.Id, ReadOnly: false }, 'admin');
  }
});
