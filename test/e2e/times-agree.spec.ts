/**
 * Issue 27 §3: one photo event read "7:00:00 PM" on Live (the browser's zone, 12-hour, no
 * date) and 20:00 in History. The browser here runs in Tokyo, the object lives in Europe or
 * America: the event's time must read the same on both screens, in the object's zone,
 * 24-hour, with its date since it is not from today; the History date fields read
 * year-month-day and refuse the US order with a clear message.
 */
import { TZDate } from '@date-fns/tz';
import { expect, test, type Page } from './support/test';
import { addDays, addHours, format, startOfDay } from 'date-fns';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

const BROWSER_ZONE = 'Asia/Tokyo';
test.use({ timezoneId: BROWSER_ZONE, viewport: { width: 1600, height: 1000 } });

let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  // A service running since yesterday: its feed keeps unacknowledged events from a few hours
  // before it started, so yesterday's photo is still in it (the clock runs true from then on).
  let behind = 30 * 3_600_000;
  sim = await startSimulator({ port: 0, objects: 8, seed: 7, now: () => Date.now() - behind });
  behind = 0;
  host = await startBrowserMode({ args: ['--server', sim.baseUrl] });
});
test.afterAll(async () => {
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

test('a photo event from yesterday reads the same on Live and in History, in the object’s zone, with its date', async ({ page }) => {
  test.setTimeout(120_000);
  const object = [...sim.sim.world.objects.values()].find((o) => o.CompanyId === 1 && o.TimeZone !== BROWSER_ZONE)!;
  expect(object, 'a demo object outside the browser’s zone').toBeDefined();
  const zone = object.TimeZone;
  // Yesterday at 20:00 in the object's zone: never today there, whatever the hour now.
  const at = addHours(addDays(startOfDay(new TZDate(Date.now(), zone)), -1), 20).getTime();
  const expected = `${format(new TZDate(at, zone), 'yyyy-MM-dd')} 20:00:00`;
  sim.sim.store.addEvent({ ObjectId: object.Id, Time: at, Type: 0x800, Status: 1, Text: 'Photo taken (times test)', ResetTime: 0, NotificationId: 0 });

  await signIn(page);
  const panel = page.getByRole('region', { name: 'Events' });
  await panel.getByRole('radio', { name: /All events/ }).check();
  const live = panel.getByRole('list', { name: 'All events' }).getByRole('listitem').filter({ hasText: 'Photo taken (times test)' });
  await expect(live).toBeVisible({ timeout: 30_000 });
  await expect(live.getByRole('button', { name: /^Show on map:/ })).toContainText(expected);
  await expect(live).not.toContainText(/\b(AM|PM)\b/);

  // History of that object over the two days around it.
  const from = startOfDay(new TZDate(at, zone)).getTime();
  await page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), `#/history?o=${object.Id}&from=${from}&till=${from + 2 * 86_400_000}`);
  await expect(page.getByLabel('Selected object')).toContainText(object.Name);
  await expect(page.getByLabel('Time zone in use')).toContainText(`Times in ${zone}`);
  await page.getByRole('tab', { name: /^Events/ }).click();
  const row = page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: 'Photo taken (times test)' });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('cell').first()).toHaveText(expected);

  // The interval fields read year-month-day, 24-hour; the US order is refused, not guessed.
  const interval = page.getByRole('group', { name: 'Interval' });
  await expect(interval.getByRole('textbox', { name: 'From' })).toHaveValue(`${format(new TZDate(from, zone), 'yyyy-MM-dd')} 00:00`);
  await interval.getByRole('textbox', { name: 'From' }).fill(format(new TZDate(from, zone), 'MM/dd/yyyy hh:mm a'));
  await interval.getByRole('button', { name: 'Show' }).click();
  await expect(interval.getByRole('alert')).toHaveText(/^Write the start as year-month-day and 24-hour time, e\.g\. \d{4}-\d\d-\d\d \d\d:\d\d\.$/);
  await page.screenshot({ path: 'test/artifacts/times-history-1600x1000.png' });
});
