/**
 * Two companies watched together: sign in to two simulators this test owns, switch between
 * them from the top bar in one click without a password, and see an alarm raised on the
 * one in the background counted in the bar and notified on the desktop. Then the connections dialog: rename one inline
 * and forget the other after its question (its cache file goes, the other stays).
 * Elements are found by role and name; screenshots go to test/artifacts.
 */
import { expect, test, type Page } from './support/test';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { cacheFileFor } from '../../main/core/cache';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

const ART = join(process.cwd(), 'test/artifacts');
let a: SimulatorHandle;
let b: SimulatorHandle;
let host: RunningHost;
let aObjects: { Id: number }[] = [];
let bObjects: { Id: number }[] = [];

test.beforeAll(async () => {
  mkdirSync(ART, { recursive: true });
  [a, b] = await Promise.all([startSimulator({ objects: 30, seed: 21 }), startSimulator({ objects: 45, seed: 22 })]);
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-connections-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ eventsPollMs: 1000 }));
  host = await startBrowserMode({ dataDir });
  [aObjects, bObjects] = await Promise.all([demoObjects(a.baseUrl), demoObjects(b.baseUrl)]);
});
test.afterAll(async () => {
  await host?.stop();
  await Promise.all([a?.close(), b?.close()]);
});

const hostOf = (s: SimulatorHandle) => new URL(s.baseUrl).host;
/** The top bar's "name · login" button (the menu's entries are menu items, not buttons). */
const switcher = (page: Page) => page.getByRole('button', { name: /· demo$/ });
const menu = (page: Page) => page.getByRole('menu', { name: 'Connections' });
const itemOf = (page: Page, s: SimulatorHandle | string) => menu(page).getByRole('menuitemradio', { name: new RegExp(`^${typeof s === 'string' ? s : hostOf(s)} · demo`) });
const alarmsIn = async (page: Page, s: SimulatorHandle): Promise<number> => {
  const text = await itemOf(page, s).innerText();
  const m = /(\d+) alarms?/.exec(text);
  if (!m) throw new Error(`no alarm count in "${text}"`);
  return Number(m[1]);
};
const objectsShown = (page: Page, n: number) => page.getByText(new RegExp(`^${n} objects$`));

test('two connections stay signed in; one click switches; the background one counts its alarms', async ({ page }) => {
  // A stand-in for the desktop (as in events-panel.spec): permission granted, every notification recorded.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (globalThis as unknown as { __notifications: string[] }).__notifications = shown;
    class DesktopStandIn {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string) {
        shown.push(title);
      }
    }
    (globalThis as unknown as { Notification: unknown }).Notification = DesktopStandIn;
  });
  const shown = () => page.evaluate(() => (globalThis as unknown as { __notifications: string[] }).__notifications.filter((t) => t.startsWith('New alarm on')));
  await signInToOwnFleet(page, host.url, a.baseUrl);
  await expect(objectsShown(page, aObjects.length)).toBeVisible({ timeout: 30_000 });
  await expect(switcher(page)).toHaveText(`${hostOf(a)} · demo`);

  // A second company, signed in from the switcher: A stays open behind it.
  await switcher(page).click();
  await menu(page).getByRole('menuitem', { name: 'Sign in to another connection…' }).click();
  const form = page.getByRole('dialog', { name: 'Sign in to another connection' }).getByRole('form', { name: 'Sign in to a fleet service' });
  await form.getByLabel('Server address').fill(b.baseUrl);
  await form.getByLabel('Login').fill('demo');
  await form.getByLabel('Password').fill('demo');
  await page.screenshot({ path: join(ART, 'connections-sign-in-another.png') });
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(switcher(page)).toHaveText(`${hostOf(b)} · demo`);
  await expect(objectsShown(page, bObjects.length)).toBeVisible({ timeout: 30_000 });

  await switcher(page).click();
  await expect(itemOf(page, a)).toContainText('Signed in');
  await expect(itemOf(page, b)).toHaveAttribute('aria-checked', 'true');
  const before = await alarmsIn(page, a);
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();

  // An alarm on A while B is on screen: A's own poller stores it and the bar counts it.
  a.sim.store.addEvent({ ObjectId: aObjects[0]!.Id, Time: Date.now(), Type: 0x8000, Status: 1, Text: 'Panic button (connections e2e)', ResetTime: 0, NotificationId: 0 });
  await expect(page.getByRole('status', { name: new RegExp(`^${before + 1} alarms? elsewhere$`) })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: join(ART, 'connections-alarm-elsewhere.png'), clip: { x: 0, y: 0, width: 1400, height: 60 } });
  // Raised, not only counted: the desktop is told which connection has it.
  await expect.poll(shown).toEqual([`New alarm on ${hostOf(a)}`]);
  // B's screen shows B's events only.
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Panic button (connections e2e)')).toHaveCount(0);
  await switcher(page).click();
  await expect(itemOf(page, a)).toContainText(`${before + 1} alarm`);
  await page.screenshot({ path: join(ART, 'connections-switcher-menu.png') });

  // One click: A is on screen, no password asked, its events there with the new alarm.
  await itemOf(page, a).click();
  await expect(switcher(page)).toHaveText(`${hostOf(a)} · demo`);
  await expect(objectsShown(page, aObjects.length)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Panic button (connections e2e)').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('form', { name: 'Sign in to a fleet service' })).toHaveCount(0);
  await expect(page.getByRole('alertdialog', { name: 'Sign in again' })).toHaveCount(0);
  await page.screenshot({ path: join(ART, 'connections-switched.png') });

  // And back to B, still signed in behind A.
  await switcher(page).click();
  await itemOf(page, b).click();
  await expect(switcher(page)).toHaveText(`${hostOf(b)} · demo`);
  await expect(objectsShown(page, bObjects.length)).toBeVisible({ timeout: 30_000 });
});

test('the connections dialog renames one inline and forgets the other with its cache after a question', async ({ page }) => {
  await page.goto(host.url);
  await expect(switcher(page)).toHaveText(`${hostOf(b)} · demo`, { timeout: 30_000 });
  await switcher(page).click();
  await menu(page).getByRole('menuitem', { name: 'Manage connections…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connections' });
  const list = dialog.getByRole('list', { name: 'Saved connections' });
  const rowB = list.getByRole('listitem', { name: hostOf(b) });
  await expect(rowB).toContainText(/Cache: [\d.]+ MB/);

  await rowB.getByRole('button', { name: `Rename ${hostOf(b)}` }).click();
  const input = dialog.getByRole('textbox', { name: `New name for ${hostOf(b)}` });
  await input.fill('Company B');
  await input.press('Enter');
  const renamed = list.getByRole('listitem', { name: 'Company B' });
  await expect(renamed).toContainText('(on screen)');
  await expect(switcher(page)).toHaveText('Company B · demo');

  await page.screenshot({ path: join(ART, 'connections-dialog.png') });

  // Forget A (in the background): the question first; Cancel keeps it.
  const rowA = list.getByRole('listitem', { name: hostOf(a) });
  await rowA.getByRole('button', { name: `Forget ${hostOf(a)}` }).click();
  const question = page.getByRole('alertdialog', { name: `Forget ${hostOf(a)}?` });
  await expect(question).toContainText('monitoring and alarms stop');
  await page.screenshot({ path: join(ART, 'connections-forget-question.png') });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowA).toBeVisible();
  expect(existsSync(cacheFileFor(host.dataDir, a.baseUrl, 'demo'))).toBe(true);

  await rowA.getByRole('button', { name: `Forget ${hostOf(a)}` }).click();
  await page.getByRole('alertdialog', { name: `Forget ${hostOf(a)}?` }).getByRole('button', { name: 'Forget' }).click();
  await expect(rowA).toHaveCount(0);
  await expect.poll(() => existsSync(cacheFileFor(host.dataDir, a.baseUrl, 'demo'))).toBe(false);
  expect(existsSync(cacheFileFor(host.dataDir, b.baseUrl, 'demo'))).toBe(true);
});
