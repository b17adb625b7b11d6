/**
 * History and replay against our own simulator (so it can be stopped for the offline
 * part): a 45-day interval of one object, the timeline, the player, a GPX export, and
 * the same interval again from the cache with the service gone.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
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

test.beforeAll(async () => {
  sim = await startSimulator({ port: await freePort(), objects: 40, seed: 7 });
  const w = sim.sim.world;
  const now = Date.now();
  // An ordinary vehicle of the demo company that has reported for months and has a camera.
  const o = [...w.objects.values()].find((x) => {
    const m = w.motion[x.Id]!;
    return x.CompanyId === 1 && !m.dense && !m.neverReported && m.offlineSince === Infinity && m.camera && m.firstDay * DAY < now - 90 * DAY;
  });
  if (!o) throw new Error('no suitable object in the simulated world');
  objectName = o.Name;
  // An hour before now: the still-open recent edge is re-fetched on every opening (late
  // points may arrive), which would change the point count between two reads of a test.
  till = Math.floor(now / 60_000) * 60_000 - 3_600_000;
  from = till - 45 * DAY;
  host = await startBrowserMode({ args: ['--server', sim.baseUrl] });
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

async function signIn(page: Page) {
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

async function openInterval(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' }).click();
  const picker = page.getByRole('combobox', { name: 'Object' });
  await picker.fill(objectName);
  await page.getByRole('option', { name: new RegExp(objectName) }).click();
  await expect(page.getByLabel('Selected object')).toContainText(objectName);
  const local = (ms: number) =>
    page.evaluate((t) => {
      const d = new Date(t);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    }, ms);
  // The browser's zone is the operator's; read the dates in it.
  const tzBox = page.getByRole('checkbox', { name: 'Object’s time zone' });
  if (await tzBox.isChecked()) await tzBox.uncheck();
  const interval = page.getByRole('group', { name: 'Interval' });
  await interval.getByLabel('From').fill(await local(from));
  await interval.getByLabel('To').fill(await local(till));
  await interval.getByRole('button', { name: 'Show' }).click();
}

async function loaded(page: Page) {
  // Loaded when the screen says the whole interval is in and the track has points.
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 80_000 });
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
}

const marker = (page: Page) => page.evaluate(() => (globalThis as { __historyMarker?: () => [number, number] | null }).__historyMarker?.() ?? null);

test('a 45-day interval loads without an error and shows parkings and events', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  const stopMarkers = page.getByRole('button', { name: /^Stop \d+:|stops here|stops at \d+ places/ });
  await expect(stopMarkers.first()).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Interval details' });
  await tabs.getByRole('tab', { name: /Trips and stops/ }).click();
  const trips = page.getByRole('table', { name: 'Trips and stops' });
  await expect(trips.getByRole('row').nth(5)).toBeVisible();
  // Every stop of the table is on the map, and stops at one place share a marker (a depot
  // visited every night is one marker, not 40).
  const stopRows = await trips.getByRole('row', { name: /^P\d+ / }).count();
  const labels = await Promise.all((await stopMarkers.all()).map(async (m) => (await m.getAttribute('aria-label')) ?? ''));
  const represented = labels.reduce((n, l) => n + Number(/^(\d+) stops/.exec(l)?.[1] ?? 1), 0);
  expect(stopRows).toBeGreaterThan(20);
  expect(represented).toBe(stopRows);
  expect(labels.length).toBeLessThan(stopRows);
  await tabs.getByRole('tab', { name: /Events/ }).click();
  const events = page.getByRole('table', { name: 'Events' });
  expect(await events.getByRole('row').count()).toBeGreaterThan(20);
  await tabs.getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByRole('table', { name: 'Summary' })).toContainText(/\d+(\.\d)? km/);
  await expect(page.getByRole('figure', { name: 'Fuel level chart' })).toBeVisible();
});

test('dragging the timeline moves the marker and updates the sensor values', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  const box = (await slider.boundingBox())!;
  const readings = () => page.getByLabel(/ reading$/).allTextContents();
  await page.mouse.click(box.x + box.width * 0.2, box.y + 30);
  const timeBefore = Number(await slider.getAttribute('aria-valuenow'));
  // A vehicle parks at the same bay every night and drives a few % of the time: sample
  // every few pixels along the drag, not just its ends.
  const seen = { markers: new Set<string>(), readings: new Set<string>() };
  await page.mouse.down();
  for (let x = box.width * 0.2; x <= box.width * 0.83; x += 3) {
    await page.mouse.move(box.x + x, box.y + 30);
    seen.markers.add(JSON.stringify(await marker(page)));
    seen.readings.add(JSON.stringify(await readings()));
  }
  await page.mouse.up();
  const timeAfter = Number(await slider.getAttribute('aria-valuenow'));
  expect(timeAfter - timeBefore).toBeGreaterThan(20 * DAY);
  expect(seen.markers.size).toBeGreaterThan(2);
  expect(seen.readings.size).toBeGreaterThan(2);
  // The keyboard moves it too, a minute per arrow.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(timeAfter + 60_000);
});

test('the player runs at 100× and the marker moves', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  // Start at the beginning of a trip, so the vehicle is moving.
  await page.getByRole('tablist', { name: 'Interval details' }).getByRole('tab', { name: /Trips and stops/ }).click();
  await page.getByRole('table', { name: 'Trips and stops' }).getByRole('row', { name: /^Trip 3 / }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  const t0 = Number(await slider.getAttribute('aria-valuenow'));
  const m0 = await marker(page);
  const real0 = Date.now();
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Pause' }).click();
  const real = Date.now() - real0;
  const t1 = Number(await slider.getAttribute('aria-valuenow'));
  // About 100 simulated seconds per real second: clearly more than 10×, never more than 100×.
  // (Loose below: a loaded machine drops frames; the bench, not this test, measures smoothness.)
  expect(t1 - t0).toBeGreaterThan(25 * real);
  expect(t1 - t0).toBeLessThanOrEqual(100 * real + 1000);
  expect(await marker(page)).not.toEqual(m0);
});

test('a GPX export parses as GPX with every point of the track', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  const points = Number((await page.getByText(/[\d,]+ points$/).textContent())!.match(/([\d,]+) points$/)![1]!.replace(/,/g, ''));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'GPX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.gpx$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const parsed = await page.evaluate((xml) => {
    // The page's own XML parser (this file is type-checked without the DOM library).
    type Doc = { getElementsByTagName(n: string): { length: number }; documentElement: { nodeName: string } };
    const Parser = (globalThis as unknown as { DOMParser: new () => { parseFromString(s: string, type: string): Doc } }).DOMParser;
    const doc = new Parser().parseFromString(xml, 'application/xml');
    return { error: doc.getElementsByTagName('parsererror').length, root: doc.documentElement.nodeName, trkpt: doc.getElementsByTagName('trkpt').length };
  }, text);
  expect(parsed).toEqual({ error: 0, root: 'gpx', trkpt: points });
});

test('with the service stopped, the same interval opens from the cache', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  await sim!.close();
  sim = null;
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Time cursor' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Stop \d+:|stops here|stops at \d+ places/ }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Missing parts' })).toHaveCount(0);
  // Park the cursor mid-interval so the picture shows the marker and the chart cursors.
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + 30);
  mkdirSync('test/artifacts', { recursive: true });
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'test/artifacts/history.png', fullPage: true });
  // One trip up close: the speed colours and the replay marker on the street grid.
  await page.getByRole('tablist', { name: 'Interval details' }).getByRole('tab', { name: /Trips and stops/ }).click();
  await page.getByRole('table', { name: 'Trips and stops' }).getByRole('row', { name: /^Trip 5 / }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'test/artifacts/history-trip.png' });
});
