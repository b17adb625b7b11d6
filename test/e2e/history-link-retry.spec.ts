/**
 * Issue 30 on the History screen, against our own simulator: a link pasted into an open
 * History screen opens that object and interval (point 8), and a load whose windows keep
 * failing stops with "Try again", which completes it once the fault is cleared (point 4).
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { ordinaryVehicles } from './support/driving-days';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
let sim: SimulatorHandle;
let host: RunningHost;
let plain: { Id: number; Name: string }[] = [];

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, objects: 12, seed: 7 });
  // Ordinary vehicles of the demo company that have reported for months.
  plain = ordinaryVehicles(sim.sim.world, 60);
  if (plain.length < 4) throw new Error('too few suitable objects in the simulated world');
  host = await startBrowserMode({ args: ['--server', sim.baseUrl] });
});

test.afterAll(async () => {
  if (host) {
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/history-link-retry-host.log', host.output());
  }
  await host?.stop();
  await sim?.close();
});

async function signIn(page: Page) {
  await page.goto(host.url);
  const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await expect(form.or(nav)).toBeVisible();
  if (await nav.isVisible()) return;
  await form.getByLabel('Server address').fill(sim.baseUrl);
  await form.getByLabel('Login').fill('demo');
  await form.getByLabel('Password').fill('demo');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(nav).toBeVisible();
}

const link = (id: number, from: number, till: number) => `#/history?o=${id}&from=${from}&till=${till}`;
/** What the address bar does with a pasted link on the same page: only the hash changes. */
const paste = (page: Page, hash: string) => page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), hash);
/** A time as the screen's date fields show it (yyyy-mm-dd hh:mm) in the browser's zone. */
const local = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);

test('a link pasted into an open History screen opens that object and interval', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const [a, b] = plain;
  const tillA = Math.floor(Date.now() / DAY) * DAY - 10 * DAY;
  await paste(page, link(a!.Id, tillA - DAY, tillA));
  await expect(page.getByLabel('Selected object')).toContainText(a!.Name);
  // Dates in the browser's zone, so the test can say them.
  const tzBox = page.getByRole('checkbox', { name: 'Object’s time zone' });
  await expect(tzBox).toBeEnabled();
  if (await tzBox.isChecked()) await tzBox.uncheck();
  const interval = page.getByRole('group', { name: 'Interval' });
  await expect(interval.getByLabel('From')).toHaveValue(await local(page, tillA - DAY));

  const tillB = tillA - 20 * DAY;
  await paste(page, link(b!.Id, tillB - 2 * DAY, tillB));
  await expect(page.getByLabel('Selected object')).toContainText(b!.Name);
  await expect(interval.getByLabel('From')).toHaveValue(await local(page, tillB - 2 * DAY));
  await expect(interval.getByLabel('To')).toHaveValue(await local(page, tillB));
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 60_000 });
  // The address names what is shown.
  expect(await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash)).toBe(link(b!.Id, tillB - 2 * DAY, tillB));
});

test('a load that keeps failing offers "Try again", which completes it once the fault clears', async ({ page }) => {
  // The host waits about a minute of retries before it gives up.
  test.setTimeout(240_000);
  await signIn(page);
  const c = plain[2]!;
  const till = Math.floor(Date.now() / DAY) * DAY - 40 * DAY;
  // Only the track's endpoint fails: the status polls go on, so connectivity stays online.
  sim.setFaults({ errorRate: 1, pathPattern: '^/api/ObjectsHistory$' });
  try {
    await paste(page, link(c.Id, till - 2 * DAY, till));
    await expect(page.getByLabel('Selected object')).toContainText(c.Name);
    // While the host waits between tries, the screen says so.
    await expect(page.getByRole('status').filter({ hasText: /Trying again in \d+ s/ })).toBeVisible({ timeout: 30_000 });
    const again = page.getByRole('button', { name: 'Try again' });
    await expect(again).toBeVisible({ timeout: 150_000 });
    await expect(page.getByText('The fleet service failed to answer properly.').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/history-try-again.png' });
  } finally {
    sim.clearFaults();
  }
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('daily statistics: the kept copy with its age while the service is slow, a failure with "Try again"', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const [a, , , d] = plain;
  const till = Math.floor(Date.now() / DAY) * DAY - 12 * DAY;
  const dailyCell = () => page.getByRole('table', { name: 'Summary' }).getByRole('row', { name: /^Distance/ }).getByRole('cell').nth(1);
  const dailyNote = page.getByRole('status', { name: 'Daily statistics' });
  // Once with the service answering: the host keeps the copy.
  await paste(page, link(a!.Id, till - DAY, till));
  await expect(page.getByLabel('Selected object')).toContainText(a!.Name);
  await expect(dailyCell()).toHaveText(/\d+(\.\d+)? km/, { timeout: 30_000 });
  await paste(page, link(a!.Id, till - 3 * DAY, till - 2 * DAY));
  await expect(dailyCell()).toHaveText(/\d+(\.\d+)? km/, { timeout: 30_000 });

  // The service slow to give its daily statistics: the kept copy is shown, with its age, meanwhile.
  sim.setFaults({ latencyMs: 6_000, pathPattern: '^/api/ObjectsHistory/DailyStat' });
  try {
    await paste(page, link(a!.Id, till - DAY, till));
    await expect(dailyNote).toContainText(/^Last copy from .* ago\)/);
    await expect(dailyNote).toContainText('Asking the service');
    await expect(dailyCell()).toHaveText(/\d+(\.\d+)? km/);
    // Then the service's own answer replaces it.
    await expect(dailyNote).toHaveCount(0, { timeout: 30_000 });

    // Never asked before, and the service fails: said, with "Try again".
    sim.setFaults({ latencyMs: 2_000, errorRate: 1, pathPattern: '^/api/ObjectsHistory/DailyStat' });
    await paste(page, link(d!.Id, till - DAY, till));
    await expect(page.getByLabel('Selected object')).toContainText(d!.Name);
    // Nothing kept: the cells say it is being asked for.
    await expect(dailyCell()).toHaveText('Loading…');
    await expect(dailyNote.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 30_000 });
    await expect(dailyCell()).toHaveText('Not available');
  } finally {
    sim.clearFaults();
  }
  await dailyNote.getByRole('button', { name: 'Try again' }).click();
  await expect(dailyCell()).toHaveText(/\d+(\.\d+)? km/, { timeout: 30_000 });
  await expect(dailyNote).toHaveCount(0);
});

test('a load stopped by an outage resumes by itself when the service answers again', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const e = plain[4] ?? plain[3]!;
  const till = Math.floor(Date.now() / DAY) * DAY - 50 * DAY;
  // The object list in first (a fresh host has none to show offline).
  await paste(page, link(e.Id, till - 5 * DAY, till - 4 * DAY));
  await expect(page.getByLabel('Selected object')).toContainText(e.Name);
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 60_000 });
  await sim.stopListening();
  let listening = false;
  try {
    // The host's status polls fail too: it knows it is offline, and the load stops at once.
    await expect(page.getByText('Offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await paste(page, link(e.Id, till - 2 * DAY, till));
    await expect(page.getByLabel('Selected object')).toContainText(e.Name);
    await expect(page.getByRole('status', { name: 'Missing parts' })).toContainText('once the service answers', { timeout: 30_000 });
    await sim.startListening();
    listening = true;
    // No click: the host resumes the missing windows when connectivity turns online, within
    // its poll period (1 s here) + 2 s; the load itself then takes what it takes.
    await expect(page.getByRole('status', { name: 'Missing parts' })).toHaveCount(0, { timeout: 1_000 + 2_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 60_000 });
  } finally {
    if (!listening) await sim.startListening();
  }
});
