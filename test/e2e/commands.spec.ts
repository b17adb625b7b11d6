/**
 * Commands against a simulator this test owns, with the service's own timing (outcome 3 s
 * after a send) and a regular events poll far slower than that (60 s), so only the prompt
 * polls after a send can bring an outcome in time. Elements are found by role and name.
 */
import { expect, test, type Page } from './support/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 150, seed: 3 });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-commands-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ eventsPollMs: 60_000 }));
  host = await startBrowserMode({ dataDir });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Object list' });
const dataRows = (page: Page) => grid(page).getByRole('rowgroup').getByRole('row');
const commandRuns = () => sim.writeLog().filter((e) => e.path.includes('/Commands/run'));

/** Signs out of the embedded demo and into this test's simulator; the first row of `state` is selected. Returns its name. */
async function openAndPick(page: Page, state: string): Promise<string> {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: state });
  const name = (await dataRows(page).first().getByRole('gridcell').first().textContent())!;
  // Clicked by its name: an object changing state between the read and the click changes which row is first.
  await dataRows(page).filter({ hasText: name }).click();
  return name;
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Send command…' }).click();
  const dialog = page.getByRole('dialog', { name: /Send a command to/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a raw command that a destructive template sends asks for the same confirmation, naming the object', async ({ page }) => {
  const name = await openAndPick(page, 'Parked');
  sim.clearWriteLog();
  const dialog = await openDialog(page);
  await dialog.getByRole('radio', { name: 'Raw command' }).check();
  await dialog.getByRole('textbox', { name: 'Command text' }).fill('  CPURESET ');
  await dialog.getByRole('button', { name: 'Send' }).click();
  // A reboot says what it does, not that it wipes anything.
  await expect(dialog.getByRole('heading', { name: '“CPURESET” restarts the device' })).toBeVisible();
  await expect(dialog.getByText(/nothing is erased/)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Targets now' }).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(commandRuns()).toHaveLength(0);
});

test('"Block engine" on a moving vehicle asks first, naming it and its speed; Cancel sends nothing, confirming sends', async ({ page }) => {
  const name = await openAndPick(page, 'Moving');
  sim.clearWriteLog();
  const dialog = await openDialog(page);
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Block engine (asks first)' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('heading', { name: /“Block engine” switches the vehicle’s engine/ })).toBeVisible();
  const target = dialog.getByRole('list', { name: 'Targets now' }).getByRole('listitem').filter({ hasText: name });
  await expect(target).toHaveText(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is moving at \\d+ km/h$`));
  await expect(dialog.getByRole('alert')).toHaveText(`${name} is moving: this stops the engine while driving.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('heading', { name: /Block engine/ })).toHaveCount(0);
  expect(commandRuns()).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByRole('button', { name: `Block engine on ${name}` }).click();
  await expect(dialog.getByText(/Accepted by the service/)).toBeVisible();
  expect(commandRuns()).toHaveLength(1);
});

test('an outcome belongs to its own command, shows within a poll or two, and stays once acknowledged', async ({ page }) => {
  await openAndPick(page, 'Parked');
  let dialog = await openDialog(page);
  await dialog.getByRole('radio', { name: 'Raw command' }).check();
  await dialog.getByRole('textbox', { name: 'Command text' }).fill('getstatus');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/Accepted by the service/)).toBeVisible();
  // Setup, not the point here (the offline test times it): the regular poll may bring it.
  await expect(dialog.getByRole('list', { name: 'Outcome of getstatus' })).toContainText('Command "getstatus" executed', { timeout: 65_000 });
  await page.keyboard.press('Escape');

  dialog = await openDialog(page);
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Get position' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  const outcome = dialog.getByRole('list', { name: 'Outcome of Get position' });
  // The other command's outcome, seconds old, is not this one's.
  await expect(outcome).toContainText('waiting for the device…');
  await expect(outcome).not.toContainText('getstatus');
  // 3 s from the service plus a 2 s poll or two; the regular poll is a minute away.
  await expect(outcome).toContainText('Command "getgps" (Get position) executed: OK', { timeout: 8_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const sent = page.getByRole('region', { name: 'Object details' }).getByRole('region', { name: 'Commands sent' });
  await expect(sent).toContainText('Command "getgps" (Get position) executed: OK');
  // Acknowledge both outcome events, as an operator clearing the list would.
  await page.getByRole('radio', { name: /^All events/ }).check();
  const list = page.getByRole('list', { name: 'All events' });
  for (const cmd of ['getgps', 'getstatus']) {
    const row = list.getByRole('listitem').filter({ hasText: `Command "${cmd}"` });
    await row.getByRole('button', { name: /^Acknowledge:/ }).click();
    await expect(row).toHaveCount(0);
  }
  await expect(sent).toContainText('Command "getgps" (Get position) executed: OK');
  await expect(sent).toContainText('Command "getstatus" executed: OK');
  await expect(sent).not.toContainText('waiting for the device');
});

test('an offline target is named before sending, and its outcome shows promptly', async ({ page }) => {
  const name = await openAndPick(page, 'Offline');
  const dialog = await openDialog(page);
  await expect(dialog.getByText(`${name} is offline (last report`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Get status' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/Accepted by the service/)).toBeVisible();
  await expect(dialog.getByText(`${name} is offline (last report`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Outcome of Get status' })).toContainText('not delivered: device offline', { timeout: 8_000 });
});
