/**
 * Issue 30 (2, 3, 6): the field engineer's bad link against a simulator this test owns and
 * drives with faults: the header judged over a window in plain words with the positions' age,
 * the technical detail one click away in the connection panel, the address in plain words,
 * and commands whose outcome is unknown watched, then said, and not resent without a question.
 * Elements are found by role and name. Screenshots (light and dark) go to test/artifacts.
 */
import { expect, test, type Page } from './support/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

const POLL_MS = 1000;
let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 60, seed: 30, commandDelayMs: 500 });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bad-link-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ statusPollMs: POLL_MS, eventsPollMs: POLL_MS }));
  host = await startBrowserMode({ dataDir });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});
test.afterEach(async () => {
  sim.clearFaults();
  await sim.startListening().catch(() => {});
});

const badge = (page: Page) => page.getByRole('status', { name: 'Connection and data age' });
const linkButton = (page: Page) => badge(page).getByRole('button', { name: /^Connection: / });
const dataRows = (page: Page) => page.getByRole('grid', { name: 'Object list' }).getByRole('rowgroup').getByRole('row');
const commandRuns = () => sim.writeLog().filter((e) => e.path.includes('/Commands/run')).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(linkButton(page)).toHaveAccessibleName(/^Connection: Online\. Positions \d+ s old$/, { timeout: 30_000 });
}

async function setDark(page: Page, dark: boolean) {
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
}

test('positions older than twice their poll period turn the header amber with their age while every request succeeds', async ({ page }) => {
  await open(page);
  // The status answers, slowly: nothing fails, yet the positions on screen grow old.
  sim.setFaults({ latencyMs: 6000, pathPattern: 'ObjectsStatus' });
  await expect(linkButton(page)).toHaveAccessibleName(/^Connection: Updates late\. Positions ([3-9]|\d\d) s old$/, { timeout: 30_000 });
  await page.screenshot({ path: 'test/artifacts/bad-link-header-late-light.png', clip: { x: 0, y: 0, width: 1400, height: 120 } });
  sim.clearFaults();
  await expect(linkButton(page)).toHaveAccessibleName(/^Connection: Online\. Positions \d s old$/, { timeout: 30_000 });
});

test('an address that cannot be looked up says so plainly, the detail in its title; the server’s name shows whole', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await open(page);
  sim.setFaults({ errorRate: 1, pathPattern: 'ReverseGeocoder' });
  await dataRows(page).nth(5).click();
  const address = page.getByRole('region', { name: 'Object details' }).getByLabel('Address');
  await expect(address).toHaveText(/^Address unavailable: the address service did not answer properly/, { timeout: 30_000 });
  await expect(address).not.toHaveText(/HTTP|\/api\/|JSON|simulated/);
  await expect(address).toHaveAttribute('title', /500|Internal server error/);
  // "127.0.0.1:PORT · demo" whole, not "127.…", at the narrowest supported width.
  const server = page.getByText(/ · demo$/);
  await expect(server).toHaveText(new RegExp(`^${new URL(sim.baseUrl).host.replace(/\./g, '\\.')}`));
  expect(await server.evaluate((el) => {
    const box = el as unknown as { scrollWidth: number; clientWidth: number };
    return box.scrollWidth <= box.clientWidth;
  })).toBe(true);
});

test('a command whose outcome is unknown is watched, then said; sending it again asks first', async ({ page }) => {
  await open(page);
  await dataRows(page).first().click();
  sim.setFaults({ resetRate: 1, pathPattern: 'Commands/run' });
  await page.getByRole('button', { name: 'Send command…' }).click();
  const dialog = page.getByRole('dialog', { name: /Send a command to/ });
  await dialog.getByRole('radio', { name: 'Raw command' }).check();
  await dialog.getByRole('textbox', { name: 'Command text' }).fill('getstatus');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/outcome is unknown/i, { timeout: 30_000 });
  const outcome = dialog.getByRole('list', { name: 'Outcome of getstatus' });
  await expect(outcome).toContainText('watching its events');
  // Nothing reached the device (the connection was reset before the service took it): after the watch, say so.
  await expect(outcome).toContainText('no sign it was delivered', { timeout: 45_000 });

  const before = commandRuns();
  await dialog.getByRole('button', { name: 'Send' }).click();
  const question = dialog.getByRole('group', { name: '“getstatus” was already sent, with an unknown outcome' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Don’t send' })).toBeFocused();
  await expect(question).toContainText('no sign it was delivered');
  await question.getByRole('button', { name: 'Don’t send' }).click();
  await expect(question).toBeHidden();
  expect(commandRuns()).toBe(before);

  sim.clearFaults();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await question.getByRole('button', { name: 'Send again' }).click();
  await expect(dialog.getByRole('status')).toContainText('Accepted by the service', { timeout: 30_000 });
  expect(commandRuns()).toBe(before + 1);
});

test('offline, the command dialog says so before Send and Send waits; back online, it is ready', async ({ page }) => {
  await open(page);
  await dataRows(page).first().click();
  await sim.stopListening();
  await expect(linkButton(page)).toHaveAccessibleName(/^Connection: Offline\. Positions \d+ s old$/, { timeout: 30_000 });
  for (const dark of [false, true]) {
    await setDark(page, dark);
    await page.getByRole('button', { name: 'Send command…' }).click();
    const dialog = page.getByRole('dialog', { name: /Send a command to/ });
    await dialog.getByRole('radio', { name: 'Raw command' }).check();
    await dialog.getByRole('textbox', { name: 'Command text' }).fill('getgps');
    await expect(dialog.getByRole('alert')).toHaveText(/^The console is offline: nothing can be sent until the service answers again/);
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await page.screenshot({ path: `test/artifacts/bad-link-command-offline-${dark ? 'dark' : 'light'}.png` });
    if (dark) {
      await sim.startListening();
      await expect(dialog.getByRole('alert')).toBeHidden({ timeout: 30_000 });
      await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});

// Last: the judged link then stays poor for up to a minute after the faults stop, by design.
test('on a link failing a third of its requests the header says "Poor connection: retrying" with the positions’ age, and holds it', async ({ page }) => {
  await open(page);
  sim.setFaults({ errorRate: 0.35 });
  await expect(linkButton(page)).toHaveAccessibleName(/^Connection: Poor connection: retrying\. Positions \d+ s old$/, { timeout: 30_000 });
  // Sampled while the faults go on: the header neither flips back to Online nor shows technical words.
  const seen = new Set<string>();
  for (let i = 0; i < 20; i++) {
    seen.add((await badge(page).textContent()) ?? '');
    await sleep(500);
  }
  for (const text of seen) {
    expect(text).toMatch(/^Poor connection: retrying/);
    expect(text).not.toMatch(/HTTP|\/api\/|JSON|simulated/);
  }

  // The detail is one click away: the failed requests with their status and time.
  for (const dark of [false, true]) {
    await setDark(page, dark);
    await linkButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Connection' });
    await expect(panel).toContainText(/Poor connection since .*: \d+ of \d+ requests failed in the last minute/);
    const failures = panel.getByRole('table', { name: 'Recent failures' });
    const row = failures.getByRole('row').filter({ hasText: 'HTTP 500' }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^(GET|POST) \/api\//);
    await expect(row.getByRole('cell').nth(0)).toHaveText(/\d/);
    await expect(panel.getByText(sim.baseUrl)).toBeVisible();
    await page.screenshot({ path: `test/artifacts/bad-link-panel-${dark ? 'dark' : 'light'}.png` });
    await panel.getByRole('button', { name: 'Close' }).first().click();
    await expect(panel).toBeHidden();
    await page.screenshot({ path: `test/artifacts/bad-link-header-poor-${dark ? 'dark' : 'light'}.png`, clip: { x: 0, y: 0, width: 1400, height: 120 } });
  }
});
