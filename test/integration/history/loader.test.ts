import { afterEach, describe, expect, it } from 'vitest';
import { startHistoryHarness, DAY, OBJECT, type HistoryHarness } from './harness';

let h: HistoryHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A range well in the past: wholly closed, so it may become complete. */
function pastRange(days: number, endDaysAgo = 2) {
  const till = Math.floor(Date.now() / DAY) * DAY - endDaysAgo * DAY;
  return { from: till - days * DAY, till };
}

describe('history loader against the simulator', () => {
  it('splits 75 days into accepted windows, then fetches only the gap of an overlapping range', async () => {
    h = await startHistoryHarness();
    const r = pastRange(75, 20);
    const first = await h.loader.load(OBJECT, r.from, r.till);
    expect(first.coverage.complete).toBe(false);
    expect(first.coverage.missing).toEqual([[r.from, r.till]]);
    expect(first.loadId).not.toBeNull();
    expect(h.loader.threaded).toBe(true);
    await h.loader.settled(first.loadId!);

    const ok = h.sent.filter((s) => s.status === 200);
    expect(h.sent.every((s) => s.status === 200)).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    // Fetched by the writer's worker, which keeps the bodies: none crossed this thread.
    expect(ok.every((s) => s.via === 'request')).toBe(true);
    for (const s of ok) expect(s.till - s.from).toBeLessThanOrEqual(30 * DAY);
    // The windows tile the range exactly.
    const sorted = [...ok].sort((a, b) => a.from - b.from);
    expect(sorted[0]!.from).toBe(r.from);
    expect(sorted.at(-1)!.till).toBe(r.till);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.from).toBe(sorted[i - 1]!.till);

    const done = h.progress.filter((p) => p.loadId === first.loadId && p.done);
    expect(done).toHaveLength(1);
    expect(done[0]!.error).toBeUndefined();
    expect(done[0]!.fetchedMs).toBe(r.till - r.from);
    expect(h.chunks.filter((c) => c.loadId === first.loadId).length).toBe(ok.length);

    const read = await h.loader.read(OBJECT, r.from, r.till);
    expect(read.coverage).toEqual({ complete: true, missing: [] });
    expect(read.track.time.length).toBeGreaterThan(1000);
    expect(read.parkings.length).toBeGreaterThan(10);
    expect(read.sensors.length).toBeGreaterThan(0);
    for (let i = 1; i < read.track.time.length; i++) expect(read.track.time[i]!).toBeGreaterThan(read.track.time[i - 1]!);
    // A stop cut by a window boundary (the service clips parkings to the window) is one parking.
    for (let i = 1; i < read.parkings.length; i++) expect(read.parkings[i]!.from).toBeGreaterThan(read.parkings[i - 1]!.till);

    // 10 more days at the end: only those are asked for.
    const before = h.sent.length;
    const second = await h.loader.load(OBJECT, r.from + 30 * DAY, r.till + 10 * DAY);
    expect(second.coverage.missing).toEqual([[r.till, r.till + 10 * DAY]]);
    expect(second.track.time.length).toBeGreaterThan(0);
    await h.loader.settled(second.loadId!);
    const extra = h.sent.slice(before);
    expect(extra.length).toBeGreaterThanOrEqual(1);
    for (const s of extra) {
      expect(s.from).toBeGreaterThanOrEqual(r.till);
      expect(s.till).toBeLessThanOrEqual(r.till + 10 * DAY);
    }

    // All covered: answered from the cache, no fetch at all.
    const third = await h.loader.load(OBJECT, r.from, r.till + 10 * DAY);
    expect(third.loadId).toBeNull();
    expect(third.coverage.complete).toBe(true);
    expect(h.sent.length).toBe(before + extra.length);
  });

  it('sketches: of what is stored, never of what was stored before a load wrote more', async () => {
    h = await startHistoryHarness();
    // Halves of 4 days: the object rests on up to two weekdays, so each half has days it drives
    // (with halves of 2 days, both could be its rest days: the sketch had nothing to reach into).
    const r = pastRange(8, 10);
    const mid = r.from + 4 * DAY;
    expect((await h.loader.overview(OBJECT, r.from, r.till, 5_000)).track.time).toHaveLength(0);
    const half = await h.loader.load(OBJECT, r.from, mid);
    await h.loader.settled(half.loadId!);
    const first = await h.loader.overview(OBJECT, r.from, r.till, 5_000);
    expect(first.track.time.length).toBeGreaterThan(100);
    expect(first.track.time.at(-1)!).toBeLessThan(mid);
    // Asked again, the same (remembered, as a copy of its own).
    const again = await h.loader.overview(OBJECT, r.from, r.till, 5_000);
    expect(again).toEqual(first);
    again.track.time.fill(0);
    expect(await h.loader.overview(OBJECT, r.from, r.till, 5_000)).toEqual(first);
    // The rest stored: the sketch reaches into it.
    const rest = await h.loader.load(OBJECT, mid, r.till);
    await h.loader.settled(rest.loadId!);
    const whole = await h.loader.overview(OBJECT, r.from, r.till, 5_000);
    expect(whole.track.time.at(-1)!).toBeGreaterThan(mid);
    expect(whole.track.time[0]).toBe(first.track.time[0]);
  });

  it('offline: answers from the cache and names the missing parts', async () => {
    // Known offline (the connectivity tracker), a failed window is not waited on: the load stops at once.
    let offline = false;
    h = await startHistoryHarness({ loader: { isOffline: () => offline } });
    const r = pastRange(10, 5);
    const a = await h.loader.load(OBJECT, r.from, r.from + 4 * DAY);
    await h.loader.settled(a.loadId!);
    const cachedPoints = (await h.loader.read(OBJECT, r.from, r.from + 4 * DAY)).track.time.length;
    expect(cachedPoints).toBeGreaterThan(0);

    await h.sim.stopListening();
    offline = true;
    const b = await h.loader.load(OBJECT, r.from, r.till);
    expect(b.track.time.length).toBe(cachedPoints);
    expect(b.coverage.complete).toBe(false);
    expect(b.coverage.missing).toEqual([[r.from + 4 * DAY, r.till]]);
    await h.loader.settled(b.loadId!);
    const end = h.progress.find((p) => p.loadId === b.loadId && p.done)!;
    expect(end.error?.code).toBe('offline');
    expect(end.fetchedMs).toBe(0);
    expect(h.progress.some((p) => p.loadId === b.loadId && p.retrying)).toBe(false);
    // Nothing was marked covered by the failed attempt.
    expect((await h.loader.read(OBJECT, r.from, r.till)).coverage.missing).toEqual([[r.from + 4 * DAY, r.till]]);
  });

  it('never marks the still-open recent edge as complete', async () => {
    h = await startHistoryHarness();
    const t0 = Date.now();
    const till = t0 + 60_000;
    const from = t0 - 2 * DAY;
    const a = await h.loader.load(OBJECT, from, till);
    await h.loader.settled(a.loadId!);
    expect(h.progress.find((p) => p.loadId === a.loadId && p.done)!.error).toBeUndefined();
    const read = await h.loader.read(OBJECT, from, till);
    expect(read.coverage.complete).toBe(false);
    expect(read.coverage.missing).toHaveLength(1);
    const [edgeFrom, edgeTill] = read.coverage.missing[0]!;
    expect(edgeTill).toBe(till);
    expect(edgeFrom).toBeGreaterThanOrEqual(t0 - 10 * 60_000);
    expect(edgeFrom).toBeLessThanOrEqual(Date.now() - 10 * 60_000);

    // The next load asks for that edge again, and only for it.
    const before = h.sent.length;
    const b = await h.loader.load(OBJECT, from, till);
    expect(b.loadId).not.toBeNull();
    await h.loader.settled(b.loadId!);
    const again = h.sent.slice(before);
    expect(again.length).toBeGreaterThanOrEqual(1);
    for (const s of again) expect(s.from).toBeGreaterThanOrEqual(edgeFrom);
  });

  it('halves a window the service refuses as too long, and remembers the limit', async () => {
    h = await startHistoryHarness({ sim: { historyMaxDays: 10 } });
    const r = pastRange(25, 3);
    const a = await h.loader.load(OBJECT, r.from, r.till);
    await h.loader.settled(a.loadId!);
    const end = h.progress.find((p) => p.loadId === a.loadId && p.done)!;
    expect(end.error).toBeUndefined();
    const refused = h.sent.filter((s) => s.status === 400);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const s of refused) expect(s.till - s.from).toBeGreaterThan(10 * DAY);
    for (const s of h.sent.filter((x) => x.status === 200)) expect(s.till - s.from).toBeLessThanOrEqual(10 * DAY);
    expect(h.loader.maxWindowMs).toBeLessThanOrEqual(10 * DAY);
    expect((await h.loader.read(OBJECT, r.from, r.till)).coverage.complete).toBe(true);
  });

  it('cancel stops a load; what was stored stays and the rest stays missing', async () => {
    h = await startHistoryHarness();
    const r = pastRange(60, 3);
    const a = await h.loader.load(OBJECT, r.from, r.till);
    expect(h.loader.cancel(a.loadId!)).toBe(true);
    await h.loader.settled(a.loadId!);
    const end = h.progress.find((p) => p.loadId === a.loadId && p.done)!;
    expect(end.cancelled).toBe(true);
    const read = await h.loader.read(OBJECT, r.from, r.till);
    expect(read.coverage.complete).toBe(false);
  });
});
