import { describe, expect, it } from 'vitest';
import { tickLabel, ticks, tickStep } from '../../../renderer/src/history/timeline/timeline-ticks';
import {
  centreOn,
  clampWindow,
  edgeScroll,
  fitTo,
  follow,
  isWhole,
  MIN_SPAN,
  pan,
  reveal,
  TimeWindow,
  unionSpans,
  visibleSlice,
  visibleTimes,
  wheelFactor,
  zoomAround,
} from '../../../renderer/src/history/timeline/timeline-window';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 2, 1);
const bounds = { from: T0, till: T0 + 45 * DAY };

describe('window clamping', () => {
  it('never wider than the interval nor outside it', () => {
    expect(clampWindow({ from: T0 - 10 * DAY, till: T0 + 100 * DAY }, bounds)).toEqual(bounds);
    expect(clampWindow({ from: T0 - HOUR, till: T0 + HOUR }, bounds)).toEqual({ from: T0, till: T0 + 2 * HOUR });
    expect(clampWindow({ from: bounds.till - HOUR, till: bounds.till + HOUR }, bounds)).toEqual({ from: bounds.till - 2 * HOUR, till: bounds.till });
  });
  it('never narrower than a few minutes, widened around its middle', () => {
    const mid = T0 + 10 * DAY;
    expect(clampWindow({ from: mid - MIN, till: mid + MIN }, bounds)).toEqual({ from: mid - MIN_SPAN / 2, till: mid + MIN_SPAN / 2 });
    expect(MIN_SPAN).toBeGreaterThanOrEqual(2 * MIN);
    expect(MIN_SPAN).toBeLessThanOrEqual(10 * MIN);
  });
  it('an interval shorter than the minimum is shown whole', () => {
    const short = { from: T0, till: T0 + 2 * MIN };
    expect(clampWindow({ from: T0 + MIN, till: T0 + MIN }, short)).toEqual(short);
  });
});

describe('zoom around a point', () => {
  it('keeps the anchor at the same fraction of the width', () => {
    const w = { from: T0, till: T0 + 10 * DAY };
    const anchor = T0 + 3 * DAY; // 30 % in
    const z = zoomAround(w, bounds, anchor, 4);
    expect(z.till - z.from).toBe(2.5 * DAY);
    expect((anchor - z.from) / (z.till - z.from)).toBeCloseTo(0.3, 9);
  });
  it('in then out by the same factor comes back', () => {
    const w = { from: T0 + 5 * DAY, till: T0 + 15 * DAY };
    const a = T0 + 7 * DAY;
    const back = zoomAround(zoomAround(w, bounds, a, 2), bounds, a, 0.5);
    expect(back.from).toBeCloseTo(w.from, 0);
    expect(back.till).toBeCloseTo(w.till, 0);
  });
  it('stops at the minimum and at the whole interval', () => {
    let w = bounds;
    for (let i = 0; i < 40; i++) w = zoomAround(w, bounds, T0 + 20 * DAY, 2);
    expect(w.till - w.from).toBe(MIN_SPAN);
    expect(w.from).toBeLessThanOrEqual(T0 + 20 * DAY);
    expect(w.till).toBeGreaterThanOrEqual(T0 + 20 * DAY);
    for (let i = 0; i < 40; i++) w = zoomAround(w, bounds, T0 + 44 * DAY, 0.5);
    expect(w).toEqual(bounds);
    expect(isWhole(w, bounds)).toBe(true);
  });
  it('zooming out near an end shifts the window inside the interval', () => {
    const z = zoomAround({ from: T0, till: T0 + DAY }, bounds, T0, 0.1);
    expect(z).toEqual({ from: T0, till: T0 + 10 * DAY });
  });
  it('a wheel notch is a modest step, down zooms out, up zooms in', () => {
    expect(wheelFactor(-100, 0)).toBeCloseTo(1.25);
    expect(wheelFactor(100, 0)).toBeCloseTo(0.8);
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-99, 0));
    expect(wheelFactor(-1e6, 0)).toBeLessThan(4);
  });
});

describe('pan, centre, follow, reveal, fit', () => {
  const w = { from: T0 + 10 * DAY, till: T0 + 10 * DAY + 4 * HOUR };
  it('pan keeps the span and stops at the ends', () => {
    expect(pan(w, bounds, HOUR)).toEqual({ from: w.from + HOUR, till: w.till + HOUR });
    expect(pan(w, bounds, -100 * DAY)).toEqual({ from: T0, till: T0 + 4 * HOUR });
    expect(pan(w, bounds, 100 * DAY)).toEqual({ from: bounds.till - 4 * HOUR, till: bounds.till });
  });
  it('centre puts the moment in the middle', () => {
    const c = centreOn(w, bounds, T0 + 20 * DAY);
    expect((c.from + c.till) / 2).toBe(T0 + 20 * DAY);
    expect(c.till - c.from).toBe(4 * HOUR);
  });
  it('follow leaves the window alone while the cursor is inside, then pages ahead of it', () => {
    expect(follow(w, bounds, w.from + HOUR)).toBe(w);
    const next = follow(w, bounds, w.till - MIN); // on the edge
    expect(next.till - next.from).toBe(4 * HOUR);
    expect(next.from).toBe(w.till - MIN - 0.4 * HOUR);
    // A jump (skipped parking) far ahead lands a tenth in as well.
    expect(follow(w, bounds, T0 + 30 * DAY).from).toBe(T0 + 30 * DAY - 0.4 * HOUR);
    // At the end of the interval it cannot page further.
    expect(follow(w, bounds, bounds.till).till).toBe(bounds.till);
  });
  it('reveal moves only when the cursor is out of view', () => {
    expect(reveal(w, bounds, w.till - 1)).toBe(w);
    const r = reveal(w, bounds, T0 + 2 * DAY);
    expect(r).toEqual({ from: T0 + 2 * DAY - 2 * HOUR, till: T0 + 2 * DAY + 2 * HOUR });
  });
  it('fit shows a trip with margins, a short stop at the minimum span', () => {
    const trip = { from: T0 + DAY, till: T0 + DAY + 5 * HOUR };
    expect(fitTo(trip, bounds)).toEqual({ from: trip.from - HOUR, till: trip.till + HOUR });
    const stop = { from: T0 + 2 * DAY, till: T0 + 2 * DAY + MIN };
    const f = fitTo(stop, bounds);
    expect(f.till - f.from).toBe(MIN_SPAN);
    expect(f.from).toBeLessThan(stop.from);
    expect(f.till).toBeGreaterThan(stop.till);
  });
});

describe('scrolling while the cursor is dragged past an edge', () => {
  it('does not move at the edge, moves faster further out, up to two windows a second, either way', () => {
    const span = 2 * HOUR;
    expect(edgeScroll(span, 0, 16)).toBe(0);
    expect(edgeScroll(span, 25, 1000)).toBe(span / 2);
    expect(edgeScroll(span, 50, 1000)).toBe(span);
    expect(edgeScroll(span, 400, 1000)).toBe(2 * span);
    expect(edgeScroll(span, -400, 500)).toBe(-span);
    // A frame that took no time (or a clock that went back) moves nothing.
    expect(edgeScroll(span, 100, -5)).toBe(0);
  });
});

describe('what is in the window', () => {
  const spans = [0, 10, 20, 30, 40].map((s) => ({ from: s, till: s + 5 }));
  it('spans reaching into it, including ones cut by its edges', () => {
    expect(visibleSlice(spans, { from: 12, till: 22 })).toEqual([1, 3]);
    expect(visibleSlice(spans, { from: 16, till: 19 })).toEqual([2, 2]);
    expect(visibleSlice(spans, { from: -5, till: 100 })).toEqual([0, 5]);
    expect(visibleSlice([], { from: 0, till: 1 })).toEqual([0, 0]);
  });
  it('overlapping or nested parkings become disjoint spans, so none is lost at zoom', () => {
    const raw = [
      { from: 30, till: 35 },
      { from: 0, till: 100 },
      { from: 10, till: 20 },
      { from: 120, till: 130 },
      { from: 125, till: 140 },
    ];
    const u = unionSpans(raw);
    expect(u).toEqual([
      { from: 0, till: 100 },
      { from: 120, till: 140 },
    ]);
    expect(visibleSlice(u, { from: 50, till: 60 })).toEqual([0, 1]);
    expect(raw[1]).toEqual({ from: 0, till: 100 });
  });
  it('instants inside it, ends included', () => {
    const t = Float64Array.from([1, 5, 5, 9, 12]);
    expect(visibleTimes(t, { from: 5, till: 9 })).toEqual([1, 4]);
    expect(visibleTimes(t, { from: 13, till: 20 })).toEqual([5, 5]);
  });
});

describe('the window store', () => {
  it('a new interval shows whole; the same one again keeps the zoom', () => {
    const s = new TimeWindow();
    let calls = 0;
    s.subscribe(() => calls++);
    s.setBounds(bounds);
    s.zoom(8, T0);
    const zoomed = s.get();
    expect(zoomed.till - zoomed.from).toBe(45 * DAY / 8);
    s.setBounds({ ...bounds });
    expect(s.get()).toBe(zoomed);
    s.setBounds({ from: T0, till: T0 + DAY });
    expect(s.get()).toEqual({ from: T0, till: T0 + DAY });
    expect(calls).toBe(3);
  });
  it('every setter clamps and a no-op notifies no one', () => {
    const s = new TimeWindow();
    s.setBounds(bounds);
    let calls = 0;
    s.subscribe(() => calls++);
    s.whole();
    s.pan(-DAY);
    expect(calls).toBe(0);
    s.show({ from: T0 - MIN, till: T0 + MIN });
    expect(s.get()).toEqual({ from: T0, till: T0 + MIN_SPAN });
    expect(calls).toBe(1);
  });
});

describe('scale labels', () => {
  it('picks a round step that leaves room for a label', () => {
    expect(tickStep(45 * DAY, 1400, 90)).toBe(7 * DAY);
    expect(tickStep(4 * HOUR, 1400, 90)).toBe(30 * MIN);
    expect(tickStep(4 * HOUR, 1400, 60)).toBe(15 * MIN);
    expect(tickStep(MIN_SPAN, 1400, 90)).toBe(MIN);
  });
  it('falls on round wall-clock times of the zone, with the date where the day changes', () => {
    // Kolkata is UTC+05:30: a round hour there is half past in UTC.
    const from = Date.UTC(2026, 2, 1, 17, 0);
    const list = ticks(from, from + 8 * HOUR, 'Asia/Kolkata', 1000, 90);
    expect(list[0]).toEqual({ t: Date.UTC(2026, 2, 1, 17, 30), label: '1 Mar 23:00' });
    expect(list[1]).toEqual({ t: Date.UTC(2026, 2, 1, 18, 30), label: '2 Mar 00:00' });
    expect(list[2]!.label).toBe('01:00');
    expect(list.every((t) => t.t >= from && t.t <= from + 8 * HOUR)).toBe(true);
  });
  it('weekly labels fall on Mondays', () => {
    const list = ticks(T0, T0 + 45 * DAY, 'Europe/Berlin', 1400, 90);
    expect(list.length).toBeGreaterThan(4);
    for (const t of list) expect(new Date(t.t + 3 * HOUR).getUTCDay()).toBe(1); // a Berlin midnight is 22:00 or 23:00 UTC
  });
  it('stays on local midnight across a daylight-saving change', () => {
    // Berlin moves to summer time on 29 Mar 2026.
    const from = Date.UTC(2026, 2, 25);
    const list = ticks(from, from + 10 * DAY, 'Europe/Berlin', 1000, 90);
    expect(list.map((t) => t.label)).toContain('30 Mar');
    expect(list.find((t) => t.label === '28 Mar')!.t).toBe(Date.UTC(2026, 2, 27, 23));
    expect(list.find((t) => t.label === '30 Mar')!.t).toBe(Date.UTC(2026, 2, 29, 22));
  });
});

describe('scale label text', () => {
  const t = Date.UTC(2026, 2, 2, 0, 0); // midnight in UTC
  it('is 24-hour, with the date on the first label and at midnight', () => {
    expect(tickLabel(t + 14 * HOUR, 'UTC', HOUR, false)).toBe('14:00');
    expect(tickLabel(t + 14 * HOUR, 'UTC', HOUR, true)).toBe('2 Mar 14:00');
    expect(tickLabel(t, 'UTC', HOUR, false)).toBe('2 Mar 00:00');
    expect(tickLabel(t, 'UTC', DAY, false)).toBe('2 Mar');
    expect(tickLabel(t + 90_000, 'UTC', 30_000, false)).toBe('00:01:30');
  });
  it('is read in the screen’s zone', () => {
    expect(tickLabel(t, 'Asia/Tokyo', HOUR, false)).toBe('09:00');
  });
});
