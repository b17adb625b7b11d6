/**
 * The History suite's world: one simulator on a port that survives its restart (the cache is
 * keyed by the URL), one browser-mode host, one ordinary object with months of history and a
 * camera, and the 45-day interval the tests open.
 */
import { expect, test, type Page } from './test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { startBrowserMode, type RunningHost } from './browser-mode';
import { ordinaryVehicles } from './driving-days';

export const DAY = 86_400_000;
let sim: SimulatorHandle | null = null;
let host: RunningHost;
let objectName = '';
let from = 0;
let till = 0;

/** A port that stays the same when the simulator is restarted (the cache is keyed by the URL). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Registers the suite's start and end; call once at the top of a spec. */
export function useHistorySuite(): void {
  test.beforeAll(async () => {
    sim = await startSimulator({ port: await freePort(), objects: 40, seed: 7 });
    const now = Date.now();
    // An ordinary vehicle of the demo company that has reported for months and has a camera.
    const o = ordinaryVehicles(sim.sim.world, 90, now).find((x) => x.motion.camera);
    if (!o) throw new Error('no suitable object in the simulated world');
    objectName = o.Name;
    // An hour before now: the still-open recent edge is re-fetched on every opening (late
    // points may arrive), which would change the point count between two reads of a test.
    till = Math.floor(now / 60_000) * 60_000 - 3_600_000;
    from = till - 45 * DAY;
    // Replies over 64 KB go by HTTP, as a month's do at the default 4 MB: this suite's are smaller.
    host = await startBrowserMode({ args: ['--server', sim.baseUrl, '--bulk-bytes', '65536'] });
  });

  test.afterAll(async () => {
    // The host's own log, for when a load failed on its side.
    if (host) {
      mkdirSync('test-results', { recursive: true });
      writeFileSync('test-results/history-host.log', host.output());
    }
    await host?.stop();
    await sim?.close();
  });
}

/** The 45-day interval every test opens. */
export const interval = (): { from: number; till: number } => ({ from, till });

/** Stops the service for the offline tests (the host keeps running). */
export async function stopService(): Promise<void> {
  await sim?.close();
  sim = null;
}

export async function signIn(page: Page) {
  await page.goto(host.url);
  const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
  const nav = page.getByRole('navigation', { name: 'Screens' });
  // Signed in once, the host resumes the connection for every later page.
  await expect(form.or(nav)).toBeVisible();
  if (await nav.isVisible()) return;
  await form.getByLabel('Server address').fill(sim!.baseUrl);
  await form.getByLabel('Login').fill('demo');
  await form.getByLabel('Password').fill('demo');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
}

export async function openInterval(page: Page, range = { from, till }) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' }).click();
  const picker = page.getByRole('combobox', { name: 'Object' });
  // A search that finds nothing says so, rather than showing no list at all.
  await picker.fill('no such vehicle 0000');
  await expect(page.getByRole('status').filter({ hasText: 'No object matches' })).toBeVisible();
  await picker.fill(objectName);
  // The option under the arrows is the combobox's active descendant, so it is announced.
  await expect(picker).toHaveAttribute('aria-activedescendant', /.+/);
  await page.getByRole('option', { name: new RegExp(objectName) }).click();
  await expect(page.getByLabel('Selected object')).toContainText(objectName);
  const local = (ms: number) =>
    page.evaluate((t) => {
      const d = new Date(t);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    }, ms);
  // The browser's zone is the operator's; read the dates in it.
  const tzBox = page.getByRole('checkbox', { name: 'Object’s time zone' });
  if (await tzBox.isChecked()) await tzBox.uncheck();
  const interval = page.getByRole('group', { name: 'Interval' });
  await interval.getByLabel('From').fill(await local(range.from));
  await interval.getByLabel('To').fill(await local(range.till));
  await interval.getByRole('button', { name: 'Show' }).click();
}

/** The History screen's notes (its statuses and alerts), as a person reads them. */
export const historyNotes = (page: Page) => page.getByRole('status').or(page.getByRole('alert')).allTextContents();

export async function loaded(page: Page) {
  // Loaded when the screen says the whole interval is in and the track has points. If it never
  // does, the failure names the notes on screen and the host's last lines (a CI run keeps only its output).
  try {
    await expect.poll(() => historyNotes(page), { timeout: 80_000 }).toContain('Whole interval loaded.');
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nThe host's last lines:\n${host.output().split('\n').slice(-25).join('\n')}`);
  }
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
}

export const marker = (page: Page) => page.evaluate(() => (globalThis as { __historyMarker?: () => [number, number] | null }).__historyMarker?.() ?? null);
