/**
 * The keyboard on History and Admin (issue 29) and the desktop menu's navigation, in browser
 * mode against a simulator this spec owns: each screen's `?` help lists its keys, the keys do
 * what the help says, "g" and a letter switch screens, and a `shell/navigate` push (what the
 * Electron menu sends the focused window) moves the page or opens a panel window.
 * Elements are found by role and name; screenshots in test/artifacts/shortcuts-*.png.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { decodeFrame, encodeMessage } from '../../common/codec';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { droveThrough, ordinaryVehicles } from './support/driving-days';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

const ART = join(process.cwd(), 'test/artifacts');
const DAY = 86_400_000;
let sim: SimulatorHandle;
let host: RunningHost;
let objectId = 0;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 30, seed: 29 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-shortcuts-')) });
  // A vehicle that has reported for weeks and drove on each day the History test opens (vehicles rest on some weekdays).
  const till = Math.floor(Date.now() / DAY) * DAY;
  const o = ordinaryVehicles(sim.sim.world, 30).find((x) => droveThrough(x.motion, till - DAY, till - 1));
  if (!o) throw new Error('no suitable object in the simulated world');
  objectId = o.Id;
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const screens = (page: Page) => page.getByRole('navigation', { name: 'Screens' });
/** Takes the focus off any control, so the keys go to the screen (as after a click on empty space). */
const unfocus = (page: Page) => page.getByRole('heading', { name: 'Fleet Console', level: 1 }).click();

test('History: ? lists the keys; Space plays and pauses, [ ] change the speed, arrows, Home and End move the cursor, F fits the track', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(screens(page)).toBeVisible();
  const till = Math.floor(Date.now() / DAY) * DAY;
  await page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), `#/history?o=${objectId}&from=${till - DAY}&till=${till}`);
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible();
  await unfocus(page);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'History: keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row', { name: /Space.*Play or pause the replay/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /\[.*Replay slower/ })).toBeVisible();
  await expect(help.getByRole('columnheader', { name: 'Switch screens (g, then a letter)' })).toBeVisible();
  await expect(help.getByRole('row', { name: /g\s*a\s*Admin/ })).toBeVisible();
  await page.screenshot({ path: join(ART, 'shortcuts-history-help.png') });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  const player = page.getByRole('group', { name: 'Player' });
  const speed = player.getByRole('combobox', { name: 'Replay speed' });
  await expect(speed).toHaveValue('100');
  await page.keyboard.press(']');
  await expect(speed).toHaveValue('300');
  await page.keyboard.press('[');
  await page.keyboard.press('[');
  await expect(speed).toHaveValue('60');

  const cursor = page.getByRole('slider', { name: 'Time cursor' });
  const at = async () => Number(await cursor.getAttribute('aria-valuenow'));
  await page.keyboard.press('End');
  const last = await at();
  await page.keyboard.press('Home');
  const first = await at();
  expect(last).toBeGreaterThan(first);
  await page.keyboard.press('ArrowRight');
  await expect.poll(at).toBeGreaterThan(first);
  const second = await at();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(at).toBe(first);
  expect(second).toBeLessThan(last);

  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

  // Zoomed into one corner of the track, F shows all of it again.
  const outside = () =>
    page.evaluate(() => {
      const h = (globalThis as unknown as { __historyMap: { map: import('leaflet').Map; samplePoints(n: number): [number, number][] } }).__historyMap;
      const view = h.map.getBounds();
      return h.samplePoints(300).filter((p) => !view.contains(p)).length;
    });
  await page.evaluate(() => {
    const h = (globalThis as unknown as { __historyMap: { map: import('leaflet').Map; samplePoints(n: number): [number, number][] } }).__historyMap;
    h.map.setView(h.samplePoints(1)[0]!, 17, { animate: false });
  });
  await expect.poll(outside).toBeGreaterThan(0);
  await unfocus(page);
  await page.keyboard.press('f');
  await expect.poll(outside).toBe(0);

  // O takes the operator to the object picker; letters typed there are text, not shortcuts.
  await page.keyboard.press('o');
  const picker = page.getByRole('combobox', { name: 'Object' });
  await expect(picker).toBeFocused();
  await page.keyboard.type('f');
  await expect(picker).toHaveValue('f');
  await page.keyboard.press('Escape');
  await unfocus(page);

  // g then a: the Admin screen; g then h: back to History.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(screens(page).getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  await unfocus(page);
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(screens(page).getByRole('button', { name: 'History' })).toHaveAttribute('aria-current', 'page');
});

test('Admin: ? lists the keys; / searches, Ctrl+A selects every object shown, Esc clears, Delete asks first, letters open sections', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToOwnFleet(page, host.url, sim.baseUrl, 'admin');
  await screens(page).getByRole('button', { name: 'Admin' }).click();
  const status = page.getByRole('toolbar', { name: 'Actions on the selected objects' }).getByRole('status');
  await expect(status).toHaveText(/^0 selected · [1-9]\d* objects$/, { timeout: 60_000 });
  const total = Number(/· (\d+) objects/.exec((await status.textContent()) ?? '')![1]);
  await unfocus(page);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Admin: keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row', { name: /Ctrl\+A.*Select every object shown/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Delete.*Delete the selected objects/ })).toBeVisible();
  await page.screenshot({ path: join(ART, 'shortcuts-admin-help.png') });
  await help.getByRole('button', { name: 'Close' }).last().click();
  await expect(help).toBeHidden();

  await page.keyboard.press('Control+a');
  await expect(status).toHaveText(`${total} selected · ${total} objects`);
  await page.keyboard.press('Escape');
  await expect(status).toHaveText(`0 selected · ${total} objects`);

  // / goes to the search; what is typed filters, and Ctrl+A in the field selects its text, not objects.
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search objects by name, plate or IMEI' });
  await expect(search).toBeFocused();
  const token = await sim.tokenFor('admin');
  const objects = (await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).json()) as { Name: string }[];
  await page.keyboard.type(objects[0]!.Name);
  await expect(status).toHaveText(/^0 selected · \d+ of \d+ shown$/);
  const shown = Number(/· (\d+) of/.exec((await status.textContent()) ?? '')![1]);
  expect(shown).toBeLessThan(total);
  await page.keyboard.press('Control+a');
  await expect(status).toHaveText(`0 selected · ${shown} of ${total} shown`);
  await unfocus(page);
  await page.keyboard.press('Control+a');
  await expect(status).toHaveText(`${shown} selected · ${shown} of ${total} shown`);

  // Delete opens the delete dialog (its confirmation is typed); nothing is deleted by the key itself.
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: /^Delete: / }).or(page.getByRole('alertdialog', { name: /^Delete: / }));
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: join(ART, 'shortcuts-admin-delete.png') });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  expect(sim.writeLog().filter((e) => e.method === 'DELETE')).toEqual([]);

  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await unfocus(page);
  await page.keyboard.press('j');
  await expect(sections.getByRole('button', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('c');
  await expect(sections.getByRole('button', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: /^New / })).toBeVisible({ timeout: 30_000 });
  await unfocus(page);
  await page.keyboard.press('n');
  await expect(page.getByRole('form', { name: /^New / })).toBeVisible();
  await page.screenshot({ path: join(ART, 'shortcuts-admin-new.png') });
  await unfocus(page);
  await page.keyboard.press('o');
  await expect(sections.getByRole('button', { name: 'Objects' })).toHaveAttribute('aria-current', 'page');

  // "g h" is History, even on Admin where "h" alone opens Import history.
  await unfocus(page);
  await page.keyboard.press('h');
  await expect(sections.getByRole('button', { name: 'Import history' })).toHaveAttribute('aria-current', 'page');
  await unfocus(page);
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(screens(page).getByRole('button', { name: 'History' })).toHaveAttribute('aria-current', 'page');
});

/** Another client of this host asks for `route`, as a second window would: the pages hear a shell/navigate push. */
async function askNavigate(page: Page, route: string): Promise<{ type: string; error?: { code: string } }> {
  const session = await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem('fleet.session'));
  expect(session).toBeTruthy();
  const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/rpc?token=${encodeURIComponent(session!)}`, { headers: { origin: host.origin } });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const reply = new Promise<{ type: string; id?: number; error?: { code: string } }>((resolve) => {
      ws.on('message', (data: Buffer, binary: boolean) => {
        const msg = decodeFrame(binary ? new Uint8Array(data) : data.toString()) as { type: string; id?: number; error?: { code: string } };
        if (msg.type !== 'push' && msg.id === 7) resolve(msg);
      });
    });
    ws.send(encodeMessage({ id: 7, name: 'shell/navigate', args: { route } }));
    return await reply;
  } finally {
    ws.close();
  }
}

test('a shell/navigate push (the desktop menu’s) moves the page to a screen, opens a panel window, and a bad route is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(screens(page).getByRole('button', { name: 'Live' })).toHaveAttribute('aria-current', 'page');

  expect((await askNavigate(page, '/reports')).type).toBe('reply');
  await expect(screens(page).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  expect((await askNavigate(page, '/admin/jobs')).type).toBe('reply');
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');

  const popup = page.waitForEvent('popup');
  await askNavigate(page, '/panel/events');
  const panel = await popup;
  await expect(panel.getByRole('main', { name: 'Events panel' })).toBeVisible();
  await panel.screenshot({ path: join(ART, 'shortcuts-navigate-panel.png') });
  // The panel window stays a panel: a screen route asked of every page moves the main one only.
  expect((await askNavigate(page, '/history')).type).toBe('reply');
  await expect(screens(page).getByRole('button', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  await expect(panel.getByRole('main', { name: 'Events panel' })).toBeVisible();

  const bad = await askNavigate(page, 'javascript:alert(1)');
  expect(bad).toMatchObject({ type: 'error', error: { code: 'invalid_input' } });
  await expect(screens(page).getByRole('button', { name: 'History' })).toHaveAttribute('aria-current', 'page');
});
