/**
 * The Events panel tells an operator whether the feed is being watched (issue 27 #8): when
 * it was last checked (not when it last changed), a separate warning while checks fail, no
 * claim about muted groups the console cannot mute, what a refused notification permission
 * means, and that alarm sounds wait for the first click. Found by role and name.
 */
import { expect, test, type Page } from './support/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

let sim: SimulatorHandle;
let host: RunningHost;
let total = 0;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, objects: 30, seed: 11 });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-feed-checks-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ eventsPollMs: 1000 }));
  host = await startBrowserMode({ dataDir });
  total = (await demoObjects(sim.baseUrl)).length;
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const eventsPanel = (page: Page) => page.getByRole('region', { name: 'Events' });

/** Signed in to this test's simulator, then the page opened afresh: nobody has clicked it yet. */
async function openUntouched(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(page.getByText(new RegExp(`^${total} objects$`))).toBeVisible({ timeout: 30_000 });
  await page.goto(host.url);
  await expect(eventsPanel(page)).toBeVisible({ timeout: 30_000 });
}

test('the header says when the feed was checked, and a separate warning while checks fail', async ({ page }) => {
  await openUntouched(page);
  const panel = eventsPanel(page);
  // Polled every second and answered: a check a few seconds old, whatever the events did.
  await expect(panel.getByText(/^checked [0-4] s ago$/)).toBeVisible();
  const failing = panel.getByRole('alert').filter({ hasText: 'Checks are failing' });
  await expect(failing).toHaveCount(0);

  sim.setFaults({ resetRate: 1 });
  try {
    await expect(failing).toHaveText(/^Checks are failing: last success \d+ s ago$/, { timeout: 30_000 });
    await panel.screenshot({ path: 'test/artifacts/events-feed-failing.png' });
  } finally {
    sim.clearFaults();
  }
  await expect(failing).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByText(/^checked [0-4] s ago$/)).toBeVisible();
});

test('alarm sounds wait for the first click, and the panel says so until then', async ({ page }) => {
  await openUntouched(page);
  const note = eventsPanel(page).getByRole('status').filter({ hasText: 'Click anywhere to enable alarm sounds' });
  await expect(note).toBeVisible();
  await page.getByRole('heading', { name: 'Events' }).click();
  await expect(note).toHaveCount(0);
});

test('the feed hint claims no muted groups; a refused notification permission says where to change it', async ({ page }) => {
  await openUntouched(page);
  const panel = eventsPanel(page);
  await expect(panel.getByText("Your feed is what the service's feed returns. Alerts sound only for the feed.")).toBeVisible();
  await expect(panel.getByText(/muted/)).toHaveCount(0);
  await panel.getByRole('radio', { name: /All events/ }).check();
  await expect(panel.getByText(/^Every unacknowledged event, including \d+ outside your feed\.$/)).toBeVisible();
  await panel.getByRole('radio', { name: /My feed/ }).check();

  // Playwright's Chromium grants no permission it was not given: the request is refused.
  const enable = panel.getByRole('button', { name: 'Enable notifications' });
  if (await enable.isVisible()) await enable.click();
  await expect(panel.getByRole('status').filter({ hasText: "Notifications are blocked in this browser's settings" })).toBeVisible();
  await expect(enable).toHaveCount(0);
});
