/**
 * The History screen as a new operator meets it (issue 27 §9): the track fitted on load,
 * the charts pointed to, the replay starting at the beginning or the instant picked, stops
 * grouped by zoom, a legend for every mark, the packets note, an object with no data, and
 * the exports naming the vehicle, its zone and its sensors.
 */
import { expect, test, type Page } from './support/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { DAY, inViewport, openHistory, openLive, recentInterval, useShiftWorld } from './support/shift-world';
import { overlap } from './support/boxes';

const w = useShiftWorld();

const loadedNote = (page: Page) => page.getByRole('status').filter({ hasText: 'Whole interval loaded.' });
const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of the track' });

async function insideMap(page: Page, name: RegExp): Promise<boolean> {
  const m = (await mapRegion(page).boundingBox())!;
  const b = await mapRegion(page).getByRole('button', { name }).first().boundingBox();
  return !!b && b.x >= m.x && b.y >= m.y && b.x + b.width <= m.x + m.width && b.y + b.height <= m.y + m.height;
}

/** The driver's last two days at 1280×800, loaded. */
async function openTwoDays(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLive(page, w);
  const { from, till } = recentInterval(2);
  await openHistory(page, w.driver.id, from, till);
  await expect(loadedNote(page)).toBeVisible({ timeout: 60_000 });
}

test('on load the track is fitted with A and B in sight, Follow on', async ({ page }) => {
  await openTwoDays(page);
  await expect(page.getByRole('checkbox', { name: 'Follow the vehicle' })).toBeChecked();
  expect(await insideMap(page, /^Start of the track/)).toBe(true);
  expect(await insideMap(page, /^End of the track/)).toBe(true);
});

test('the replay starts at the first point of the track', async ({ page }) => {
  await openTwoDays(page);
  // The slider says the time the A marker does.
  const startLabel = (await mapRegion(page).getByRole('button', { name: /^Start of the track/ }).getAttribute('aria-label'))!;
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  expect(await slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${startLabel.replace('Start of the track, ', '')}`));
});

test('the charts below the fold are pointed to by a button in sight that goes there', async ({ page }) => {
  await openTwoDays(page);
  const sensors = page.getByRole('region', { name: 'Sensors' });
  expect(await inViewport(page, await sensors.boundingBox())).toBe(false);
  const link = page.getByRole('button', { name: /^Sensor charts \(\d+\)/ });
  expect(await inViewport(page, await link.boundingBox())).toBe(true);
  await link.click();
  await expect(sensors.getByRole('figure').first()).toBeInViewport();
});

test('a link naming an instant starts the replay there', async ({ page }) => {
  await openLive(page, w);
  const { from, till } = recentInterval(2);
  const at = from + DAY + 7 * 3_600_000;
  await openHistory(page, w.driver.id, from, till, at);
  await expect(loadedNote(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('slider', { name: 'Time cursor' })).toHaveAttribute('aria-valuenow', String(at));
});

test('a legend names every kind of mark', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLive(page, w);
  const { from, till } = recentInterval(2);
  await openHistory(page, w.driver.id, from, till);
  const legend = page.getByRole('list', { name: 'Map legend' });
  await expect(legend).toBeVisible();
  for (const kind of ['Start of the track', 'End of the track', 'Vehicle at the time cursor', 'Stop', 'Several stops at one place', 'Stops close together', 'Event', 'Violation', 'Refuel', 'Fuel drain'])
    await expect(legend.getByRole('listitem').filter({ hasText: kind }).first()).toBeVisible();
});

test('a month of stops is grouped by zoom so no two stop markers overlap', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLive(page, w);
  const { from, till } = recentInterval(30);
  await openHistory(page, w.driver.id, from, till);
  await expect(loadedNote(page)).toBeVisible({ timeout: 150_000 });
  const stops = await mapRegion(page).getByRole('button', { name: /^Stop \d+:|stops here|stops at \d+ places/ }).all();
  const boxes = (await Promise.all(stops.map((s) => s.boundingBox()))).filter((b) => b !== null);
  expect(boxes.length).toBeGreaterThan(0);
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlap(boxes[i]!, boxes[j]!)) overlaps.push(`${i}/${j}`);
    }
  expect(overlaps).toEqual([]);
});

test('an object that never reported says it has no data, not that the interval is loaded', async ({ page }) => {
  await openLive(page, w);
  const { from, till } = recentInterval(2);
  await openHistory(page, w.silent.id, from, till);
  await expect(page.getByRole('status').filter({ hasText: /^No data in this interval/ })).toBeVisible({ timeout: 60_000 });
  await expect(loadedNote(page)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Summary' }).getByRole('row', { name: /^Distance/ })).not.toContainText('0.0 km');
});

test('the raw-packets note says what it shows', async ({ page }) => {
  await openLive(page, w);
  const { from, till } = recentInterval(3);
  // Object 1 reports every second around the clock: the packet cap stops it after a day.
  await openHistory(page, 1, from, till);
  await page.getByRole('tab', { name: 'Raw packets' }).click();
  const note = page.getByRole('note').filter({ hasText: /packets/ });
  await expect(note).toBeVisible({ timeout: 60_000 });
  await expect(note).toContainText(/^Showing [\d,]+ packets from the first day of the interval/);
  await expect(note).not.toContainText('7 days');
});

test('the exports: CSV in the object’s zone with its sensor columns, charts PNG named for the vehicle and interval', async ({ page }) => {
  await openLive(page, w);
  const { from, till } = recentInterval(2);
  await openHistory(page, w.driver.id, from, till);
  await expect(loadedNote(page)).toBeVisible({ timeout: 60_000 });
  const exports = page.getByRole('group', { name: 'Export' });
  const [csv] = await Promise.all([page.waitForEvent('download'), exports.getByRole('button', { name: 'CSV' }).click()]);
  const rows = Papa.parse<string[]>(readFileSync((await csv.path())!, 'utf8').trim()).data;
  const zone = w.sim.sim.world.objects.get(w.driver.id)!.TimeZone!;
  expect(rows[0]![1]).toBe(`time (${zone})`);
  const sensors = w.sim.sim.world.objects.get(w.driver.id)!.Sensors.map((s) => s.Name);
  for (const s of sensors.slice(0, 2)) expect(rows[0]!.some((h) => h.startsWith(s))).toBe(true);
  const point = rows.find((r) => r[0] === 'point')!;
  expect(point[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  expect(point.slice(9).some((v) => v !== '')).toBe(true);

  const [png] = await Promise.all([page.waitForEvent('download'), exports.getByRole('button', { name: 'Charts PNG' }).click()]);
  const plate = w.sim.sim.world.objects.get(w.driver.id)!.StateNumber!;
  expect(png.suggestedFilename()).toContain(plate.replace(/[^\w.-]+/g, '_'));
  expect(png.suggestedFilename()).toMatch(/_\d{8}-\d{4}_\d{8}-\d{4}_sensors\.png$/);
  await png.saveAs('test/artifacts/history-charts-export.png');
});
