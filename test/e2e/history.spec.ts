/**
 * History and replay against our own simulator (so it can be stopped for the offline
 * part): a 45-day interval of one object, the timeline, the player, a GPX export, and
 * the same interval again from the cache with the service gone.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { DAY, interval, loaded, marker, openInterval, signIn, stopService, useHistorySuite } from './support/history-suite';

test.describe.configure({ mode: 'serial' });
useHistorySuite();

test('a 45-day interval loads without an error and shows parkings and events', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  // The cache is empty: the load fetches every window. Until the last one is on screen the
  // screen must not call the interval finished, nor the windows still being read missing.
  await page.evaluate(() => {
    // The page's DOM (this file is type-checked without the DOM library).
    type El = { textContent: string | null };
    const g = globalThis as unknown as {
      __missingSeen: string[];
      document: { body: unknown; querySelector(s: string): El | null };
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void };
    };
    g.__missingSeen = [];
    new g.MutationObserver(() => {
      const note = g.document.querySelector('[aria-label="Missing parts"]');
      if (note) g.__missingSeen.push(note.textContent ?? '');
    }).observe(g.document.body, { childList: true, subtree: true, characterData: true });
  });
  await openInterval(page);
  await loaded(page);
  expect(await page.evaluate(() => (globalThis as { __missingSeen?: string[] }).__missingSeen)).toEqual([]);
  // Fitted to the whole track once it is in, not to the part read first.
  const outside = await page.evaluate(() => {
    const h = (globalThis as unknown as { __historyMap: { map: import('leaflet').Map; samplePoints(n: number): [number, number][] } }).__historyMap;
    const view = h.map.getBounds();
    return h.samplePoints(500).filter((p) => !view.contains(p)).length;
  });
  expect(outside).toBe(0);
  const stopMarkers = page.getByRole('button', { name: /^Stop \d+:|stops here|stops at \d+ places/ });
  await expect(stopMarkers.first()).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Interval details' });
  await tabs.getByRole('tab', { name: /Trips and stops/ }).click();
  const trips = page.getByRole('table', { name: 'Trips and stops' });
  await expect(trips.getByRole('row').nth(5)).toBeVisible();
  // Every column in sight in the side panel: nothing hidden past its right edge.
  const overflow = await trips.evaluate((t) => {
    const el = t as unknown as { getBoundingClientRect(): { right: number }; closest(s: string): { getBoundingClientRect(): { right: number }; clientWidth: number } };
    return el.getBoundingClientRect().right - el.closest('[role=tabpanel]').getBoundingClientRect().right;
  });
  await page.screenshot({ path: test.info().outputPath('history-trips.png') });
  expect(overflow).toBeLessThanOrEqual(0);
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
  // The charts are drawn from the whole interval once it is in: on a busy machine 45 days'
  // worth take longer than the default wait.
  await expect(page.getByRole('figure', { name: 'Fuel level chart' })).toBeVisible({ timeout: 45_000 });
  // The value at the cursor changes every replay frame: shown, not announced.
  await expect(page.getByRole('status', { name: 'Fuel level at the cursor' })).toHaveAttribute('aria-live', 'off');

  // Redrawing the markers (here for another time zone) reuses the map's canvases: Leaflet
  // never takes a renderer off the map, and each one left behind is repainted on every move.
  const canvases = () => page.getByRole('region', { name: 'Map of the track' }).locator('canvas').count();
  const before = await canvases();
  const tzBox = page.getByRole('checkbox', { name: 'Object’s time zone' });
  await tzBox.check();
  await tzBox.uncheck();
  await expect(page.getByRole('table', { name: 'Summary' })).toContainText(/\d+(\.\d)? km/);
  expect(await canvases()).toBe(before);
  // The world outline under the tiles, the track, and the events' and violations' markers: one each.
  expect(before).toBe(3);
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

/** The length the timeline states for its visible window, "(… 5 d 15 h)" or "(2 h 05 min)", in ms. */
async function shownLength(page: Page): Promise<number> {
  const text = (await page.getByRole('status', { name: 'Visible window' }).textContent()) ?? '';
  const m = /\((?:whole interval, )?(?:(\d+) d )?(?:(\d+) h)? ?(?:(\d+) min)?(?:(\d+) s)?\)$/.exec(text);
  if (!m) throw new Error(`no length in "${text}"`);
  const [d, h, min, sec] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number];
  return ((d * 24 + h) * 60 + min) * 60_000 + sec * 1000;
}

/** The timeline from its zoom buttons to its overview strip, as a picture, with the cursor in view. */
async function shootTimeline(page: Page, path: string) {
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.45, box.y + 30);
  await slider.blur();
  mkdirSync('test/artifacts', { recursive: true });
  const top = (await page.getByRole('group', { name: 'Timeline zoom' }).boundingBox())!;
  const bottom = (await page.getByRole('scrollbar', { name: 'Shown part of the interval' }).boundingBox())!;
  const track = (await page.getByRole('slider', { name: 'Time cursor' }).boundingBox())!;
  await page.screenshot({ path, clip: { x: track.x - 12, y: top.y - 6, width: track.width + 24, height: bottom.y + bottom.height - top.y + 12 } });
}

test('the timeline zooms and pans; the cursor still drags; whole interval restores it', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  const shown = page.getByRole('status', { name: 'Visible window' });
  const zoom = page.getByRole('group', { name: 'Timeline zoom' });
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  await expect(shown).toContainText('whole interval');
  const whole = await shownLength(page);
  expect(Math.abs(whole - 45 * DAY)).toBeLessThan(60_000);
  await expect(zoom.getByRole('button', { name: 'Whole interval' })).toBeDisabled();

  // Three presses: an eighth of the interval, around the cursor.
  for (let i = 0; i < 3; i++) await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await expect(shown).not.toContainText('whole interval');
  expect(Math.abs((await shownLength(page)) - whole / 8)).toBeLessThan(60_000);

  // The cursor still drags across the zoomed window, and the marker follows it.
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.1, box.y + 30);
  const t0 = Number(await slider.getAttribute('aria-valuenow'));
  const markers = new Set<string>();
  await page.mouse.down();
  for (let x = box.width * 0.1; x <= box.width * 0.9; x += 4) {
    await page.mouse.move(box.x + x, box.y + 30);
    markers.add(JSON.stringify(await marker(page)));
  }
  await page.mouse.up();
  const t1 = Number(await slider.getAttribute('aria-valuenow'));
  // 80 % of the width is 80 % of the window now, not of the 45 days.
  expect(t1 - t0).toBeGreaterThan(0.75 * (whole / 8));
  expect(t1 - t0).toBeLessThan(0.85 * (whole / 8));
  expect(markers.size).toBeGreaterThan(2);

  // Dragged past the right edge and held there, the cursor carries the window along.
  const windowText = await shown.textContent();
  await page.mouse.move(box.x + box.width * 0.5, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 60, box.y + 30, { steps: 4 });
  await expect(shown).not.toHaveText(windowText!);
  await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(t0 + whole / 8);
  await page.mouse.up();
  expect(Math.abs((await shownLength(page)) - whole / 8)).toBeLessThan(60_000);

  // The wheel zooms in further around the pointer; the keyboard zooms too.
  const before = await shownLength(page);
  await page.mouse.move(box.x + box.width / 2, box.y + 30);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => shownLength(page)).toBeLessThan(before);
  await slider.focus();
  const beforeKey = await shownLength(page);
  await page.keyboard.press('+');
  await expect.poll(() => shownLength(page)).toBeLessThan(beforeKey);

  // The overview strip pans: the same length, another place.
  const scrollbar = page.getByRole('scrollbar', { name: 'Shown part of the interval' });
  const text = await shown.textContent();
  const length = await shownLength(page);
  await scrollbar.focus();
  await page.keyboard.press('PageUp');
  await expect(shown).not.toHaveText(text!);
  expect(await shownLength(page)).toBe(length);
  // So does a sideways wheel over the timeline.
  const panned = await shown.textContent();
  await page.mouse.move(box.x + box.width / 2, box.y + 30);
  await page.mouse.wheel(400, 0);
  await expect(shown).not.toHaveText(panned!);
  expect(await shownLength(page)).toBe(length);

  await shootTimeline(page, 'test/artifacts/history-timeline-zoomed.png');

  await zoom.getByRole('button', { name: 'Whole interval' }).click();
  await expect(shown).toContainText('whole interval');
  expect(await shownLength(page)).toBe(whole);

  // The sensor charts show the same window: a click mid-chart lands inside it, not mid-interval.
  const tc = (await slider.boundingBox())!;
  await page.mouse.click(tc.x + tc.width * 0.1, tc.y + 30);
  const cursorAt = Number(await slider.getAttribute('aria-valuenow'));
  for (let i = 0; i < 3; i++) await zoom.getByRole('button', { name: 'Zoom in' }).click();
  // Zoomed around the cursor, it stays a tenth in: the window is [cursor − 0.1, cursor + 0.9] eighths.
  const eighth = whole / 8;
  const chart = page.getByRole('figure', { name: 'Fuel level chart' });
  await chart.scrollIntoViewIfNeeded();
  const cb = (await chart.boundingBox())!;
  await page.mouse.click(cb.x + cb.width / 2, cb.y + cb.height * 0.6);
  const picked = Number(await slider.getAttribute('aria-valuenow'));
  expect(picked).toBeGreaterThan(cursorAt);
  expect(picked).toBeLessThan(cursorAt + 0.9 * eighth);
  await chart.screenshot({ path: 'test/artifacts/history-chart-zoomed.png' });
  // A drag across the chart zooms the timeline to what it covered.
  await page.mouse.move(cb.x + cb.width * 0.5, cb.y + cb.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(cb.x + cb.width * 0.7, cb.y + cb.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => shownLength(page)).toBeLessThan(0.3 * eighth);
  expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(picked);

  await zoom.getByRole('button', { name: 'Whole interval' }).click();
  await slider.focus();
  await page.keyboard.press('+');
  await expect(shown).not.toContainText('whole interval');
  await page.keyboard.press('0');
  await expect(shown).toContainText('whole interval');
});

test('the zoomed timeline in the dark theme (screenshot in test/artifacts)', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  // Switched with the screen open: the map restyles its outline and the screen stays.
  const dark = page.getByRole('button', { name: 'Dark theme' });
  await dark.click();
  await expect(dark).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('slider', { name: 'Time cursor' })).toBeVisible();
  // The screen's bands, markers and warnings take the dark values the theme sets on the root
  // (a light value set on the screen itself once left a pale-yellow warning under white text).
  const colours = await page.getByRole('slider', { name: 'Time cursor' }).evaluate((el) => {
    const names = ['--history-move', '--history-park', '--history-none', '--history-event', '--history-missing', '--history-warn-bg'];
    type Style = { getPropertyValue(n: string): string };
    const g = globalThis as unknown as { getComputedStyle(e: unknown): Style; document: { documentElement: unknown } };
    const root = g.getComputedStyle(g.document.documentElement);
    const inside = g.getComputedStyle(el);
    return names.map((n) => ({ n, root: root.getPropertyValue(n).trim(), inside: inside.getPropertyValue(n).trim() }));
  });
  for (const c of colours) expect(c.inside, c.n).toBe(c.root);
  expect(colours.find((c) => c.n === '--history-warn-bg')!.inside).toBe('#3a3220');
  const zoomIn = page.getByRole('group', { name: 'Timeline zoom' }).getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 5; i++) await zoomIn.click();
  await expect(page.getByRole('status', { name: 'Visible window' })).not.toContainText('whole interval');
  await shootTimeline(page, 'test/artifacts/history-timeline-zoomed-dark.png');
});

test('a trip picked in the list fills the timeline, and replay pages the window along', async ({ page }) => {
  await signIn(page);
  await openInterval(page);
  await loaded(page);
  const shown = page.getByRole('status', { name: 'Visible window' });
  await page.getByRole('tablist', { name: 'Interval details' }).getByRole('tab', { name: /Trips and stops/ }).click();
  const row = page.getByRole('table', { name: 'Trips and stops' }).getByRole('row', { name: /^Trip 3 / });
  const tripFrom = (await row.getByRole('cell').nth(1).textContent())!;
  await row.click();
  await expect(shown).not.toContainText('whole interval');
  // The trip's start is on screen: the window text begins a fifth of its length before it.
  expect(await shownLength(page)).toBeLessThan(DAY);
  await expect(page.getByRole('slider', { name: 'Time cursor' })).toHaveAttribute('aria-valuetext', new RegExp(tripFrom.replace(/^(\d+ \w+) /, '$1 \\d{4} ')));
  // A few minutes wide, replay at 1000× leaves it within a second: the window must move along.
  const zoomIn = page.getByRole('group', { name: 'Timeline zoom' }).getByRole('button', { name: 'Zoom in' });
  while (await zoomIn.isEnabled()) await zoomIn.click();
  const text = await shown.textContent();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('1000');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(shown).not.toHaveText(text!);
  await page.getByRole('button', { name: 'Pause' }).click();
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
  await stopService();
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Time cursor' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Stop \d+:|stops here|stops at \d+ places/ }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Missing parts' })).toHaveCount(0);
  // The daily statistics too, from the copy kept when the interval was loaded online.
  await expect(page.getByText(/^Last copy from /)).toBeVisible({ timeout: 15_000 });
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

  // Days never loaded: nothing was "last seen", so nothing claims to be, and nothing exports.
  const { from } = interval();
  await openInterval(page, { from: from - 20 * DAY, till: from - 18 * DAY });
  await expect(page.getByRole('status', { name: 'Missing parts' })).toContainText('The fleet service cannot be reached. Nothing of this interval is in the cache', { timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Missing parts' })).not.toContainText('last seen');
  await expect(page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'GPX' })).toBeDisabled();
});
