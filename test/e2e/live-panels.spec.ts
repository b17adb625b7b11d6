/**
 * The control-room panels against a simulator this test owns (so it can read the write
 * log and stop it): list search/filter/sort, details, events acknowledgement, commands,
 * and the offline picture. Elements are found by role and name, as an operator would.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

const OBJECTS = 150;
let sim: SimulatorHandle;
let host: RunningHost;
/** The demo login sees its own company's share of the fleet. */
let total = 0;
let demoIds: number[] = [];
/** Object 1 drives around the clock (simulator `dense`): it moves at any hour. */
let driverName = '';

test.beforeAll(async () => {
  sim = await startSimulator({ objects: OBJECTS, seed: 3, commandDelayMs: 500 });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-panels-'));
  // Events every second instead of ten, so outcomes and acknowledgements show up quickly.
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ eventsPollMs: 1000 }));
  host = await startBrowserMode({ dataDir });
  // What the demo login may see, asked of the service itself, not read off the screen.
  const list = await demoObjects(sim.baseUrl);
  demoIds = list.map((o) => o.Id);
  driverName = list.find((o) => o.Id === 1)?.Name ?? '';
  total = demoIds.length;
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Object list' });
const dataRows = (page: Page) => grid(page).getByRole('rowgroup').getByRole('row');

/** The host opens its embedded demo; sign out of it and into the simulator this test controls. */
async function openOwnFleet(page: Page) {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(page.getByText(allCount())).toBeVisible({ timeout: 30_000 });
}

const allCount = () => new RegExp(`^${total} objects$`);
const someOf = () => new RegExp(`^\\d+ of ${total}$`);

test('search narrows the list; / focuses the search', async ({ page }) => {
  await openOwnFleet(page);
  await expect(dataRows(page).first()).toBeVisible();
  await page.locator('body').press('/');
  const search = page.getByRole('searchbox', { name: /Search objects/ });
  await expect(search).toBeFocused();
  const name = (await dataRows(page).nth(3).getByRole('gridcell').first().textContent())!;
  await search.fill(name);
  await expect(page.getByText(someOf())).toBeVisible();
  await expect(dataRows(page).first().getByRole('gridcell').first()).toHaveText(name);
  await search.press('Escape');
  await expect(page.getByText(allCount())).toBeVisible();
});

test('filter by state', async ({ page }) => {
  await openOwnFleet(page);
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'Parked' });
  await expect(page.getByText(someOf())).toBeVisible();
  // The list can open before the first positions: until they come, no object is Parked yet.
  const stateCells = dataRows(page).getByRole('gridcell').filter({ hasText: /^(Moving|Parked|Offline|Never reported|Blocked|Broken|On service|Not installed)$/ });
  await expect.poll(async () => [...new Set(await stateCells.allTextContents())]).toEqual(['Parked']);
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'All states' });
  await expect(page.getByText(allCount())).toBeVisible();
});

test('the map and its legend show what the list’s filter keeps, unless asked to show all', async ({ page }) => {
  await openOwnFleet(page);
  const legend = page.getByRole('list', { name: 'Objects by state' });
  const note = page.getByRole('status').filter({ hasText: / objects on the map/ });
  await expect(legend.getByRole('listitem')).not.toHaveCount(1);
  await expect(note).toHaveCount(0);
  const clustered = () =>
    page.evaluate(() => {
      const m = (globalThis as unknown as { __fleetMap: { map: { setView(c: [number, number], z: number, o: unknown): void }; clusters(): { count: number }[] } }).__fleetMap;
      return m.clusters().reduce((n, c) => n + c.count, 0);
    });
  await page.evaluate(() => (globalThis as unknown as { __fleetMap: { map: { setView(c: [number, number], z: number, o: unknown): void } } }).__fleetMap.map.setView([51, 10], 4, { animate: false }));
  await expect.poll(clustered).toBeGreaterThan(0);
  const allClustered = await clustered();

  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'Parked' });
  const shown = Number(/^(\d+) of/.exec((await page.getByText(someOf()).textContent())!)![1]);
  await expect(note).toHaveText(`${shown} of ${total} objects on the map, as the list is filteredShow all`);
  await expect(legend.getByRole('listitem')).toHaveText([/^Parked \d+$/]);
  await expect.poll(clustered).toBeLessThanOrEqual(shown);
  expect(allClustered).toBeGreaterThan(shown);
  await page.screenshot({ path: test.info().outputPath('map-follows-list.png') });

  await note.getByRole('button', { name: 'Show all' }).click();
  await expect(note).toHaveText(`All ${total} objects on the map; the list is filteredShow only the list’s`);
  await expect(legend.getByRole('listitem')).not.toHaveCount(1);
  await expect.poll(clustered).toBeGreaterThan(shown);
  // The choice is kept: the next filter leaves the map whole too, until asked again.
  await page.reload();
  await expect(page.getByText(allCount())).toBeVisible({ timeout: 30_000 });
  await expect(note).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'Parked' });
  await note.getByRole('button', { name: 'Show only the list’s' }).click();
  await expect(legend.getByRole('listitem')).toHaveText([/^Parked \d+$/]);
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'All states' });
  await expect(note).toHaveCount(0);
  await expect(legend.getByRole('listitem')).not.toHaveCount(1);
});

test('sort by a column, and the column choice survives a reload', async ({ page }) => {
  await openOwnFleet(page);
  const nameHeader = grid(page).getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const names = async () => (await dataRows(page).locator('[role=gridcell]:nth-child(1)').allTextContents()).slice(0, 8);
  const desc = await names();
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  expect(desc).toEqual([...desc].sort((a, b) => collator.compare(b, a)));

  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'IMEI' }).check();
  await page.getByText('Columns', { exact: true }).click();
  await expect(grid(page).getByRole('columnheader', { name: 'IMEI' })).toBeVisible();
  await page.reload();
  await expect(grid(page).getByRole('columnheader', { name: 'IMEI' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  // Back to the default order for the tests that follow.
  await grid(page).getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(grid(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
});

test('with every column chosen the list scrolls sideways, its header with it, instead of squeezing the cells', async ({ page }) => {
  await openOwnFleet(page);
  const chooser = page.getByText('Columns', { exact: true });
  await chooser.click();
  const group = page.getByRole('group', { name: 'Columns to show' });
  const added: string[] = [];
  for (const name of ['Plate', 'IMEI', 'State', 'Speed', 'Last position', 'Device', 'Phone', 'Groups']) {
    const box = group.getByRole('checkbox', { name, exact: true });
    if (await box.isChecked()) continue;
    added.push(name);
    await box.check();
  }
  await chooser.click();
  expect(added.length).toBeGreaterThan(0);
  const body = grid(page).getByRole('rowgroup');
  const widths = await body.evaluate((el) => ({ scroll: (el as unknown as { scrollWidth: number }).scrollWidth, client: (el as unknown as { clientWidth: number }).clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  // No cell below its minimum: every header label reads whole or nearly (no 20-pixel columns).
  for (const h of await grid(page).getByRole('columnheader').all()) expect((await h.boundingBox())!.width).toBeGreaterThanOrEqual(50);
  const phone = grid(page).getByRole('columnheader', { name: 'Phone' });
  const x0 = (await phone.boundingBox())!.x;
  await body.evaluate((el) => ((el as unknown as { scrollLeft: number }).scrollLeft = 200));
  await expect.poll(async () => x0 - (await phone.boundingBox())!.x).toBe(200);
  await page.screenshot({ path: test.info().outputPath('list-all-columns.png') });
  // Back to the default columns for the tests that follow.
  await chooser.click();
  for (const name of added) await group.getByRole('checkbox', { name, exact: true }).uncheck();
  await chooser.click();
});

test('selecting an object shows its details with sensors and an address', async ({ page }) => {
  await openOwnFleet(page);
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'Moving' });
  const name = (await dataRows(page).first().getByRole('gridcell').first().textContent())!;
  // Clicked by its name: an object that stops moving in between changes which row is first.
  await dataRows(page).filter({ hasText: name }).click();
  const details = page.getByRole('region', { name: 'Object details' });
  await expect(details.getByRole('heading', { name })).toBeVisible();
  const sensors = details.getByRole('table', { name: 'Sensors' });
  await expect(sensors.getByRole('row', { name: /Fuel level/ })).toContainText(/\d l/);
  await expect(sensors.getByRole('row', { name: /Cargo door/ })).toContainText(/Open|Closed/);
  await expect(sensors.getByRole('row', { name: /Ignition/ })).toContainText(/On|Off/);
  await expect(details.getByLabel('Address')).toContainText(/\d{5} \w+/, { timeout: 20_000 });
  await expect(details.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(details.getByText('Satellites')).toBeVisible();
  // The field list reads codes as words: the status, the groups by name, dates as dates.
  await details.getByText('All fields', { exact: true }).click();
  const field = (term: string) => details.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(field('Status')).toHaveText('Active');
  await expect(field('Groups')).not.toHaveText(/^[\d, ]+$/);
  await expect(field('Groups')).not.toHaveText(/Group \d/);
  await expect(field('Groups')).toHaveText(/[A-Za-z]/);
  await expect(field('Created')).not.toHaveText(/T\d\d:/);
  await expect(field('Created')).toHaveText(/\d{4}/);
});

test('an acknowledged event leaves the feed at once and stays gone after a reload', async ({ page }) => {
  // The simulated fleet's own events follow its hours (in the evening there was a single
  // one), and this test needs two: three system events (never muted) of the demo's objects.
  for (let i = 0; i < 3; i++) {
    sim.sim.store.addEvent({ ObjectId: demoIds[i]!, Time: Date.now() - (i + 1) * 60_000, Type: 0x400, Status: 1, Text: `Connection lost (test ${i + 1})`, ResetTime: 0, NotificationId: 0 });
  }
  await openOwnFleet(page);
  const feed = page.getByRole('list', { name: 'Event feed' });
  await expect(feed.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  // The fleet's own events keep arriving at the top of the feed, so a row is pinned by its
  // text: `.first()` would be looked up again at the click and could be a newer event.
  const text = (await feed.getByRole('listitem').first().textContent())!;
  const title = await page.title();
  expect(title).toMatch(/^\(\d+\) Fleet Console$/);
  await feed.getByRole('listitem').filter({ hasText: text }).getByRole('button', { name: /^Acknowledge:/ }).click();
  await expect(feed.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
  await expect.poll(() => sim.writeLog().filter((e) => e.path.includes('/Events/ack')).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.reload();
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await expect(feed.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);

  // A acknowledges the checked events.
  const nextText = (await feed.getByRole('listitem').first().textContent())!;
  await feed.getByRole('listitem').filter({ hasText: nextText }).getByRole('checkbox').check();
  await page.keyboard.press('a');
  await expect(feed.getByRole('listitem').filter({ hasText: nextText })).toHaveCount(0);

  // The switch to every event explains what the feed leaves out.
  await page.getByRole('radio', { name: /All events/ }).check();
  await expect(page.getByText(/including \d+ outside your feed/)).toBeVisible();
  await page.getByRole('radio', { name: /My feed/ }).check();
});

test('a command by template reaches the service and its outcome appears', async ({ page }) => {
  await openOwnFleet(page);
  sim.clearWriteLog();
  await page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'Parked' });
  const rows = dataRows(page);
  const a = (await rows.nth(0).getByRole('gridcell').first().textContent())!;
  const b = (await rows.nth(1).getByRole('gridcell').first().textContent())!;
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['Control'] });
  await page.getByRole('button', { name: 'Send command to 2…' }).click();
  const dialog = page.getByRole('dialog', { name: /Send a command to 2 objects/ });
  await expect(dialog).toBeVisible();

  // A destructive template asks first, naming the objects; going back sends nothing.
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Wipe stored records (asks first)' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('cannot be undone')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: a })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: b })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(sim.writeLog().filter((e) => e.path.includes('Commands'))).toHaveLength(0);

  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Get position' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/Accepted by the service/)).toBeVisible();
  const log = sim.writeLog().filter((e) => e.path.includes('/Commands/run'));
  expect(log).toHaveLength(1);
  expect((log[0]!.body as { ObjectIds: number[] }).ObjectIds).toHaveLength(2);
  await expect(dialog.getByRole('list', { name: /Outcome of Get position/ }).getByRole('listitem').filter({ hasText: /executed|not delivered/ })).toHaveCount(2, { timeout: 30_000 });
  mkdirSync('test/artifacts', { recursive: true });
  await page.screenshot({ path: 'test/artifacts/live-panels-command.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The outcome stays next to the object after the dialog is closed.
  await expect(page.getByRole('region', { name: 'Object details' }).getByText(/executed|not delivered/)).toBeVisible();
  await page.screenshot({ path: 'test/artifacts/live-panels.png' });
});

test('a command whose confirmation is lost says the outcome is unknown and points at the events', async ({ page }) => {
  await openOwnFleet(page);
  await dataRows(page).first().click();
  sim.setFaults({ resetRate: 1, pathPattern: 'Commands/run' });
  try {
    await page.getByRole('button', { name: 'Send command…' }).click();
    const dialog = page.getByRole('dialog', { name: /Send a command to/ });
    await dialog.getByRole('radio', { name: 'Raw command' }).check();
    await dialog.getByRole('textbox', { name: 'Command text' }).fill('getstatus');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(/outcome is unknown/i, { timeout: 30_000 });
    await expect(alert).toContainText(/Look at the events of/);
  } finally {
    sim.clearFaults();
  }
});

test('the shortcuts help opens with ? and closes with Escape', async ({ page }) => {
  await openOwnFleet(page);
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Acknowledge the selected events')).toBeVisible();
  // Every key the window answers is in the help, Follow's too.
  await expect(help.getByRole('row', { name: /^F Follow the selected object/ })).toBeVisible();
  // While the help is open, F is not a shortcut behind it.
  const follow = page.getByRole('button', { name: 'Follow' });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await dataRows(page).first().click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await page.locator('body').press('?');
  await expect(help).toBeVisible();
  await page.keyboard.press('f');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await page.locator('body').press('f');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
});

test('at 1024×700 the panels dock below the map', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openOwnFleet(page);
  await dataRows(page).first().click();
  await expect(page.getByRole('region', { name: 'Object details' }).getByRole('heading', { name: 'Sensors' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events' })).toBeInViewport();
  await expect(page.getByTestId('map')).toBeInViewport();
  await page.screenshot({ path: 'test/artifacts/live-panels-1024.png' });
});

test('a row in view follows the polls: what it shows changes with no scroll', async ({ page }) => {
  expect(driverName, 'object 1 (driving around the clock) among the demo objects').not.toBe('');
  await openOwnFleet(page);
  // One row, found by its name, that stays mounted (the list memoises its rows): what it
  // shows (speed, state, the age of its last position) must still move on with the polls.
  await page.getByRole('searchbox', { name: /Search objects/ }).fill(driverName);
  await expect(dataRows(page)).toHaveCount(1);
  const row = dataRows(page).first();
  const cells = () => row.getByRole('gridcell').allTextContents().then((t) => t.join(' | '));
  const before = await cells();
  expect(before).toMatch(/km\/h/);
  await expect.poll(cells, { timeout: 60_000, intervals: [1_000] }).not.toBe(before);
});

test('with the service stopped, the fleet stays listed with its age and commands are refused', async ({ page }) => {
  await openOwnFleet(page);
  await sim.stopListening();
  try {
    await expect(page.getByRole('status', { name: 'Connection and data age' })).toContainText('Offline', { timeout: 30_000 });
    await expect(page.getByText(allCount())).toBeVisible();
    await expect(dataRows(page).first()).toContainText(/ ago|never/);
    // No poll moves the store now: the ages still count, on the clock alone. Parked devices
    // send a heartbeat on the minute, so every one of them can read "1 min ago" by the time
    // the console calls itself offline; object 1 drives around the clock and is sampled each
    // second, so its age is in seconds. Should it be parked, "1 min" still turns "2 min".
    expect(driverName, 'object 1 (driving around the clock) among the demo objects').not.toBe('');
    await page.getByRole('searchbox', { name: /Search objects/ }).fill(driverName);
    await expect(dataRows(page)).toHaveCount(1);
    const age = () => dataRows(page).first().getByRole('gridcell').filter({ hasText: / ago$/ }).textContent();
    const first = await age();
    expect(first).toMatch(/ ago$/);
    await expect.poll(age, { timeout: 65_000, intervals: [500] }).not.toBe(first);
    await dataRows(page).first().click();
    // The device's "online" is as old as the last answer, and the address does not hang on
    // a lookup that cannot happen: it is the cached one or says it waits for the service.
    const details = page.getByRole('region', { name: 'Object details' });
    await expect(details.getByRole('definition').filter({ hasText: / ago · / })).toContainText('(last known)');
    await expect(details.getByLabel('Address')).toContainText(/\d{5} \w+|Offline: this address was never looked up/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Send command…' }).click();
    const dialog = page.getByRole('dialog', { name: /Send a command to/ });
    await dialog.getByRole('radio', { name: 'Raw command' }).check();
    await dialog.getByRole('textbox', { name: 'Command text' }).fill('getgps');
    // Said before Send is pressed (issue 30 #6); the core's own refusal is tested in integration/core/commands.
    await expect(dialog.getByRole('alert')).toContainText('The console is offline: nothing can be sent');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await page.screenshot({ path: 'test/artifacts/live-panels-offline.png' });
  } finally {
    await sim.startListening();
  }
});
