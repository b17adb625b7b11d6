/**
 * Signing in, through the sign-in form, to a server that answers as deployed servers do
 * (the simulator's `shapes: 'deployed'`: legacy status with broken commas, double-encoded
 * bodies, camelCase and numbers as strings), at the address as the service's documentation
 * writes it (ending in /api/). The fleet must show: positions (objects not "Never
 * reported"), speeds, and the events in the alarm list. Found by role and name.
 */
import { expect, test } from './support/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

let sim: SimulatorHandle;
/** The same world answering as documented: what the screen must show, asked of the service. */
let twin: SimulatorHandle;
let host: RunningHost;
let names: string[] = [];
let neverReported = 0;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 80, seed: 5, shapes: 'deployed' });
  twin = await startSimulator({ objects: 80, seed: 5 });
  const token = await twin.tokenFor('demo');
  const get = async <T>(path: string) => (await (await fetch(`${twin.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const objects = await get<{ Id: number; Name: string; Status: number }[]>('/api/Objects');
  names = objects.map((o) => o.Name);
  // Blocked, broken, on service and not installed say so before "never reported" does.
  const plain = new Set(objects.filter((o) => ![0, 10, 11, 15, 255].includes(o.Status)).map((o) => o.Id));
  const positions = (await get<{ Positions: { ObjectId: number; Time: number }[] }>('/api/ObjectsStatus')).Positions;
  neverReported = positions.filter((p) => p.Time === 0 && plain.has(p.ObjectId)).length;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-deployed-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ eventsPollMs: 1000 }));
  host = await startBrowserMode({ dataDir });
});
test.afterAll(async () => {
  if (host) {
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/deployed-server-host.log', host.output());
  }
  await host?.stop();
  await sim?.close();
  await twin?.close();
});

test('a deployed-style server: positions, speeds and events show after signing in at …/api/', async ({ page }) => {
  await signInToOwnFleet(page, host.url, `${sim.baseUrl}/api/`);
  const total = names.length;
  await expect(page.getByText(new RegExp(`^${total} objects$`))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Connection and data age' })).toContainText('Online');

  // Positions: only the objects that truly never reported say so.
  const grid = page.getByRole('grid', { name: 'Object list' });
  const rows = grid.getByRole('rowgroup').getByRole('row');
  const filter = page.getByRole('combobox', { name: 'Filter by state' });
  await filter.selectOption({ label: 'Never reported' });
  await expect(page.getByText(new RegExp(`^${neverReported} of ${total}$`))).toBeVisible();
  expect(neverReported).toBeLessThan(total / 2);

  // Speeds: a moving object shows its speed.
  await filter.selectOption({ label: 'Moving' });
  await expect(rows.first()).toBeVisible();
  const speedColumn = await grid.getByRole('columnheader').allTextContents();
  const speedAt = speedColumn.findIndex((h) => h.startsWith('Speed'));
  expect(speedAt).toBeGreaterThanOrEqual(0);
  await expect(rows.first().getByRole('gridcell').nth(speedAt)).toHaveText(/^[1-9]\d* km\/h$/);
  await filter.selectOption({ label: 'All states' });

  // Events: the alarm list holds the service's unacknowledged events, named by their objects.
  const events = page.getByRole('region', { name: 'Events' });
  const items = events.getByRole('list', { name: 'Event feed' }).getByRole('listitem');
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  const first = await items.first().getByRole('button', { name: /^Show on map: / }).getAttribute('aria-label');
  expect(names.some((n) => first!.endsWith(`, ${n}`))).toBe(true);

  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/deployed-server.png' });
});
