/**
 * The live screen's Events panel against a simulator this test owns: the per-type alerts
 * menu (visible, inside the viewport, keyboard-operable), muting that silences desktop
 * notifications too, why queued acknowledgements wait, and the question before
 * "Acknowledge all". Elements are found by role and name, as an operator would.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

let sim: SimulatorHandle;
let host: RunningHost;
let demoIds: number[] = [];
let total = 0;

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 150, seed: 5 });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-events-panel-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ eventsPollMs: 1000 }));
  host = await startBrowserMode({ dataDir });
  demoIds = (await demoObjects(sim.baseUrl)).map((o) => o.Id);
  total = demoIds.length;
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

/** The host opens its embedded demo; sign out of it and into the simulator this test controls. */
async function openOwnFleet(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(page.getByText(new RegExp(`^${total} objects$`))).toBeVisible({ timeout: 30_000 });
}

const eventsPanel = (page: Page) => page.getByRole('region', { name: 'Events' });
const addEvent = (i: number, Type = 0x400, Text = `Connection lost (test ${i})`) =>
  sim.sim.store.addEvent({ ObjectId: demoIds[i % demoIds.length]!, Time: Date.now(), Type, Status: 1, Text, ResetTime: 0, NotificationId: 0 });

/** Every label of the menu, in full, inside the viewport: the audit saw "failed", "delivered", "lost". */
async function expectMenuUsable(page: Page) {
  const panel = eventsPanel(page);
  const button = panel.getByRole('button', { name: 'Alerts' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = panel.getByRole('group', { name: 'Sound and notification for' });
  await expect(menu).toBeVisible();
  const vp = page.viewportSize()!;
  for (const name of ['Alarm', 'Command failed', 'Command delivered', 'Connection lost', 'Geozone entered', 'Ignition off']) {
    const box = menu.getByRole('checkbox', { name, exact: true });
    const label = menu.getByText(name, { exact: true });
    await box.scrollIntoViewIfNeeded();
    for (const el of [box, label]) {
      const b = (await el.boundingBox())!;
      expect(b.x, name).toBeGreaterThanOrEqual(0);
      expect(b.y, name).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, name).toBeLessThanOrEqual(vp.width);
      expect(b.y + b.height, name).toBeLessThanOrEqual(vp.height);
    }
    // What is on top at the checkbox's centre is the checkbox (not clipped, not covered).
    const b = (await box.boundingBox())!;
    const onTop = await box.evaluate(
      (el, [x, y]) => (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document.elementFromPoint(x!, y!) === el,
      [b.x + b.width / 2, b.y + b.height / 2],
    );
    expect(onTop, name).toBe(true);
  }
  return { button, menu };
}

for (const [width, height] of [
  [1600, 900],
  [1920, 1080],
] as const) {
  for (const dark of [false, true]) {
    test(`the alerts menu shows whole and works by keyboard at ${width}×${height}, ${dark ? 'dark' : 'light'}`, async ({ page }, info) => {
      await page.setViewportSize({ width, height });
      await openOwnFleet(page);
      const toggle = page.getByRole('button', { name: 'Dark theme' });
      if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
      const { button, menu } = await expectMenuUsable(page);
      await page.screenshot({ path: info.outputPath(`alerts-menu-${width}x${height}-${dark ? 'dark' : 'light'}.png`) });

      // Usable: a click unticks, and it stays unticked after a reload.
      const geozone = menu.getByRole('checkbox', { name: 'Geozone entered' });
      await geozone.uncheck();
      await expect(geozone).not.toBeChecked();
      // Escape closes and gives the focus back to the button.
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // Keyboard only: Enter opens with the focus on the first, most urgent type, Space toggles it.
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('checkbox', { name: 'Towing' })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(menu.getByRole('checkbox', { name: 'Towing' })).not.toBeChecked();
      await page.keyboard.press('Space');
      await page.keyboard.press('Escape');
      await expect(button).toBeFocused();
      await page.reload();
      await eventsPanel(page).getByRole('button', { name: 'Alerts' }).click();
      await expect(menu.getByRole('checkbox', { name: 'Geozone entered' })).not.toBeChecked();
      await expect(menu.getByRole('checkbox', { name: 'Towing' })).toBeChecked();
    });
  }
}

test('a type unticked under Alerts raises no desktop notification; a ticked one does', async ({ page }) => {
  // A stand-in for the desktop: permission granted, every notification recorded.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (globalThis as unknown as { __notifications: string[] }).__notifications = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string) {
        shown.push(title);
      }
    }
    (globalThis as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
  const shown = () => page.evaluate(() => (globalThis as unknown as { __notifications: string[] }).__notifications.slice());
  await openOwnFleet(page);
  const feed = eventsPanel(page).getByRole('list', { name: 'Event feed' });
  await expect(feed.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });

  await eventsPanel(page).getByRole('button', { name: 'Alerts' }).click();
  const menu = eventsPanel(page).getByRole('group', { name: 'Sound and notification for' });
  for (const box of await menu.getByRole('checkbox').all()) await box.uncheck();
  await page.keyboard.press('Escape');
  // Whatever the fleet raised while the boxes were being unticked does not count.
  await page.evaluate(() => void ((globalThis as unknown as { __notifications: string[] }).__notifications.length = 0));

  addEvent(1, 0x400, 'Muted test event');
  await expect(feed.getByRole('listitem').filter({ hasText: 'Muted test event' })).toBeVisible({ timeout: 15_000 });
  // Give the alert path the same chance it had to fire: one more poll round.
  await page.waitForTimeout(1500);
  expect(await shown()).toEqual([]);

  await eventsPanel(page).getByRole('button', { name: 'Alerts' }).click();
  await menu.getByRole('checkbox', { name: 'Connection lost' }).check();
  await page.keyboard.press('Escape');
  addEvent(2, 0x400, 'Loud test event');
  await expect.poll(shown, { timeout: 15_000 }).toContainEqual(expect.stringMatching(/^Connection lost: /));
  // The fleet's own events meanwhile: still only the ticked type.
  expect((await shown()).filter((t) => !t.startsWith('Connection lost: '))).toEqual([]);
});

test("an event's time names its zone and offset when the pointer reaches it", async ({ page }) => {
  await openOwnFleet(page);
  const feed = eventsPanel(page).getByRole('list', { name: 'Event feed' });
  addEvent(3, 0x400, 'Zone note test event');
  const row = feed.getByRole('listitem').filter({ hasText: 'Zone note test event' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  const time = row.getByRole('time');
  await expect(time).toHaveText(/^\d\d:\d\d:\d\d$/);
  // Written on the way in, not with the row: a burst of rows formats only what it shows.
  expect(await time.getAttribute('title')).toBeNull();
  await time.hover();
  await expect(time).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+ \(UTC[+-]\d\d:\d\d\)$/);
});

test('acknowledgements the service keeps failing say why they wait, and go once it answers', async ({ page }) => {
  addEvent(3);
  await openOwnFleet(page);
  const panel = eventsPanel(page);
  const feed = panel.getByRole('list', { name: 'Event feed' });
  await expect(feed.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  sim.setFaults({ errorRate: 1, pathPattern: 'Events/ack' });
  try {
    sim.clearWriteLog();
    await feed.getByRole('listitem').first().getByRole('button', { name: /^Acknowledge:/ }).click();
    await expect(panel.getByRole('status').filter({ hasText: /waiting to be delivered/ })).toHaveText(/^1 waiting to be delivered — the service answered 500\b.*; retrying$/, { timeout: 15_000 });
  } finally {
    sim.clearFaults();
  }
  await expect(panel.getByRole('status').filter({ hasText: /waiting to be delivered/ })).toHaveCount(0, { timeout: 30_000 });
  expect(sim.writeLog().filter((e) => e.path === '/api/Events/ack' && e.status === 200)).toHaveLength(1);
});

test('"Acknowledge all" asks first, naming the count, and acknowledges only when confirmed', async ({ page }) => {
  for (let i = 0; i < 12; i++) addEvent(10 + i);
  await openOwnFleet(page);
  const panel = eventsPanel(page);
  await panel.getByRole('radio', { name: /All events/ }).check();
  const list = panel.getByRole('list', { name: 'All events' });
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  const ackAll = panel.getByRole('button', { name: /^Acknowledge all \d+$/ });
  const count = Number(/\d+$/.exec((await ackAll.textContent())!)![0]);
  expect(count).toBeGreaterThan(10);
  sim.clearWriteLog();

  await ackAll.click();
  // The simulator keeps adding events, so the question may name a few more than the button did a moment before.
  const dialog = page.getByRole('alertdialog', { name: /^Acknowledge [\d,]+ events\?$/ });
  await expect(dialog).toBeVisible();
  const asked = Number((await dialog.getByRole('heading', { level: 2 }).textContent())!.replace(/\D/g, ''));
  expect(asked).toBeGreaterThanOrEqual(count);
  // The list shows the newest 300: the question says how many more it would take.
  if (asked > 300) await expect(dialog).toContainText(`including ${(asked - 300).toLocaleString('en-US')} beyond the rows shown`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  mkdirSync('test/artifacts', { recursive: true });
  await page.screenshot({ path: 'test/artifacts/events-ack-all.png' });
  // Escape cancels: nothing leaves, nothing is sent.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ackAll).toBeFocused();
  await page.waitForTimeout(1500);
  expect(sim.writeLog().filter((e) => e.path === '/api/Events/ack')).toEqual([]);
  const shownCount = async () => Number(/\d+$/.exec((await ackAll.textContent())!)![0]);
  expect(await shownCount()).toBeGreaterThanOrEqual(count);

  await ackAll.click();
  const again = page.getByRole('alertdialog', { name: /^Acknowledge [\d,]+ events\?$/ });
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
  expect(sim.writeLog().filter((e) => e.path === '/api/Events/ack')).toEqual([]);

  await ackAll.click();
  const confirm = again.getByRole('button', { name: /^Acknowledge [\d,]+$/ });
  const before = Number((await confirm.textContent())!.replace(/\D/g, ''));
  expect(before).toBeGreaterThanOrEqual(count);
  await confirm.click();
  await expect(again).toBeHidden();
  // Every one counted goes (the simulator keeps adding new ones meanwhile: those stay).
  await expect.poll(() => new Set(sim.writeLog().filter((e) => e.path === '/api/Events/ack').flatMap((e) => e.body as number[])).size, { timeout: 15_000 }).toBe(before);
  await expect.poll(shownCount, { timeout: 15_000 }).toBeLessThan(10);
});

type Pt = { Lat: number; Lng: number; Time: number };
type Intervals = { Position?: Pt; Positions?: Pt[] }[];
/** The service's own track of [from, till), asked of it directly. */
async function trackOf(objectId: number, from: number, till: number): Promise<Intervals> {
  const token = await fetch(`${sim.baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'demo', Password: 'demo' }) });
  const { AccessToken } = (await token.json()) as { AccessToken: string };
  const res = await fetch(`${sim.baseUrl}/api/ObjectsHistory`, {
    method: 'POST',
    headers: { authorization: `Bearer ${AccessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ObjectId: objectId, From: from, Till: till }),
  });
  return ((await res.json()) as { Track: { Intervals: Intervals } }).Track.Intervals;
}
const pinOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __fleetMap: { eventPin(): { lat: number; lng: number; label: string; approximate: boolean } | null } }).__fleetMap.eventPin());

test('clicking an event pins where the object was at the event’s time; without a track there, says the map shows where it is now', async ({ page }) => {
  const base = Date.now() - 40 * 60_000;
  const span = [base - 15 * 60_000, base + 15 * 60_000] as const;
  const objects = await demoObjects(sim.baseUrl);
  const tracks = await Promise.all(objects.slice(0, 12).map(async (o) => ({ ...o, track: await trackOf(o.Id, ...span) })));
  const moving = tracks.find((o) => o.track.some((i) => (i.Positions?.length ?? 0) > 10))!;
  const silent = tracks.find((o) => o.track.length === 0)!;
  expect(moving, 'an object that moved then').toBeDefined();
  expect(silent, 'an object with no track then').toBeDefined();
  // The moving one's event at a fix in the middle of a drive: at a moment it stood still, the
  // place is its stop ("it stood there from"), which depends on the hour the test runs.
  const drive = moving.track.find((i) => (i.Positions?.length ?? 0) > 10)!.Positions!;
  const at = drive[Math.floor(drive.length / 2)]!.Time;
  for (const [o, time] of [[moving, at], [silent, base]] as const) sim.sim.store.addEvent({ ObjectId: o.Id, Time: time, Type: 0x8000, Status: 1, Text: `Place test event ${o.Id}`, ResetTime: 0, NotificationId: 0 });
  await openOwnFleet(page);

  const row = eventsPanel(page).getByRole('listitem').filter({ hasText: `Place test event ${moving.Id}` });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Show on map:/ }).click();
  await expect(row.getByRole('status')).toHaveText(/^Shown on the map where it was at /, { timeout: 15_000 });
  const pin = await pinOf(page);
  expect(pin).not.toBeNull();
  expect(pin!.approximate).toBe(false);
  expect(pin!.label.startsWith(`Alarm, ${moving.Name} · `)).toBe(true);
  // One of the service's own fixes of that half hour, and the map is on it.
  const fixes = moving.track.flatMap((i) => i.Positions ?? []).map((p) => `${p.Lat.toFixed(6)},${p.Lng.toFixed(6)}`);
  expect(fixes).toContain(`${pin!.lat.toFixed(6)},${pin!.lng.toFixed(6)}`);
  const centre = await page.evaluate(() => (globalThis as unknown as { __fleetMap: { map: { getCenter(): { lat: number; lng: number } } } }).__fleetMap.map.getCenter());
  expect(centre.lat).toBeCloseTo(pin!.lat, 4);
  expect(centre.lng).toBeCloseTo(pin!.lng, 4);
  await page.screenshot({ path: test.info().outputPath('event-place.png') });

  // No track near the event: the last position, said to be that, and drawn hollow.
  const other = eventsPanel(page).getByRole('listitem').filter({ hasText: `Place test event ${silent.Id}` });
  await other.getByRole('button', { name: /^Show on map:/ }).click();
  await expect(other.getByRole('status')).toHaveText(/^Its track has no position near .+: the map shows where it is now\.$/, { timeout: 15_000 });
  await expect(row.getByRole('status')).toHaveCount(0);
  const approx = await pinOf(page);
  expect(approx?.approximate).toBe(true);
  expect(approx!.label).toMatch(new RegExp(`^Alarm, ${silent.Name}: where it is now \\(its place at .+ is not known\\)$`));
  await page.screenshot({ path: test.info().outputPath('event-place-now.png') });

  // Another object selected: the pin goes.
  await page.getByRole('grid', { name: 'Object list' }).getByRole('row').filter({ hasNotText: silent.Name }).nth(2).click();
  await expect.poll(() => pinOf(page)).toBeNull();
});

test('every shown event is an item of the list, and one far down is laid out and usable when scrolled to', async ({ page }) => {
  // The tests before acknowledged all: enough for several chunks of rows (row-chunks.ts).
  for (let i = 0; i < 120; i++) addEvent(i, 0x400, `Chunk test event ${i}`);
  await openOwnFleet(page);
  const panel = eventsPanel(page);
  const all = panel.getByRole('radio', { name: /All events/ });
  await all.check();
  const list = panel.getByRole('list', { name: 'All events' });
  const items = list.getByRole('listitem');
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  // The events added above come with a poll of the feed: the count is read once they have.
  const count = panel.getByText(/^All events \(\d{3,}\)$/);
  await expect(count).toBeVisible({ timeout: 30_000 });
  const total = Number(/\((\d+)\)/.exec((await count.textContent())!)![1]);
  // Every row in the page, whether or not it was ever in view.
  expect(total).toBeGreaterThan(100);
  await expect(items).toHaveCount(Math.min(total, 300));
  const far = items.nth(Math.min(total, 300) - 2);
  await far.scrollIntoViewIfNeeded();
  const box = (await far.boundingBox())!;
  expect(box.height).toBeGreaterThan(20);
  expect(box.height).toBeLessThan(120);
  const show = far.getByRole('button', { name: /^Show on map:/ });
  await show.click();
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  mkdirSync('test/artifacts', { recursive: true });
  await panel.screenshot({ path: 'test/artifacts/events-far-down.png' });
});
