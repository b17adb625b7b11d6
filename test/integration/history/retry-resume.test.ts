/**
 * Issue 30, point 4: a window that fails is tried again with waits (not given up after three
 * quick tries), and a load that stopped on a failure resumes only its missing windows, by
 * `history/resume` ("Try again") or when connectivity turns online again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryProgress } from '../../../common/methods/history';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHistory } from '../../../main/core/connection/history';
import { startHistoryHarness, DAY, OBJECT, WORKER, type HistoryHarness } from './harness';

let h: HistoryHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const HISTORY_ONLY = '^/api/ObjectsHistory$';

function pastRange(days: number, endDaysAgo = 30) {
  const till = Math.floor(Date.now() / DAY) * DAY - endDaysAgo * DAY;
  return { from: till - days * DAY, till };
}

/** Resolves with the first progress of `loadId` that `ok` accepts; bounded by `ms`. */
function progressOf(hh: HistoryHarness, loadId: string, ok: (p: HistoryProgress) => boolean, ms: number, after = 0): Promise<HistoryProgress> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const tick = () => {
      const p = hh.progress.slice(after).find((x) => x.loadId === loadId && ok(x));
      if (p) return resolve(p);
      if (Date.now() - t0 > ms) return reject(new Error(`no such progress of ${loadId} within ${ms} ms`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe('history windows that fail', () => {
  it('are tried again with waits, and the load completes once the faults clear, with no new request from the screen', async () => {
    const delays = [300, 600, 1_200, 2_400, 4_800];
    h = await startHistoryHarness({ loader: { retryDelaysMs: delays } });
    h.sim.setFaults({ errorRate: 1, pathPattern: HISTORY_ONLY });
    const r = pastRange(3);
    const first = await h.loader.load(OBJECT, r.from, r.till);
    const id = first.loadId!;
    // Two waits said, so the HTTP layer's quick tries are long spent.
    await progressOf(h, id, (p) => (p.retrying?.attempt ?? 0) >= 2, 10_000);
    expect(h.progress.some((p) => p.loadId === id && p.done)).toBe(false);
    const failedBefore = h.sent.filter((s) => s.status !== 200).length;
    expect(failedBefore).toBeGreaterThan(3);
    const cleared = h.progress.length;
    h.sim.clearFaults();
    // Recovery within the longest wait still to come plus 2 s; no load() is called again.
    const done = await progressOf(h, id, (p) => p.done, delays.at(-1)! + 2_000, cleared);
    expect(done.error).toBeUndefined();
    expect(done.fetchedMs).toBe(r.till - r.from);
    const read = await h.loader.read(OBJECT, r.from, r.till);
    expect(read.coverage.complete).toBe(true);
    expect(read.track.time.length).toBeGreaterThan(10);
  }, 60_000);

  it('stop with the missing windows after the last wait, and "Try again" fetches only those', async () => {
    h = await startHistoryHarness({ loader: { retryDelaysMs: [50, 50] } });
    const r = pastRange(4);
    // The first two days are cached already.
    const part = await h.loader.load(OBJECT, r.from, r.from + 2 * DAY);
    await h.loader.settled(part.loadId!);
    h.sim.setFaults({ errorRate: 1, pathPattern: HISTORY_ONLY });
    const first = await h.loader.load(OBJECT, r.from, r.till);
    const id = first.loadId!;
    await h.loader.settled(id);
    const stopped = h.progress.find((p) => p.loadId === id && p.done)!;
    expect(stopped.error?.code).toBe('server_error');
    expect(h.progress.filter((p) => p.loadId === id && p.retrying).length).toBe(2);
    const gaps = (await h.loader.read(OBJECT, r.from, r.till)).coverage.missing;
    expect(gaps).toEqual([[r.from + 2 * DAY, r.till]]);

    h.sim.clearFaults();
    const sentBefore = h.sent.length;
    const after = h.progress.length;
    expect(h.loader.resume(id)).toBe(true);
    const done = await progressOf(h, id, (p) => p.done, 10_000, after);
    expect(done.error).toBeUndefined();
    const again = h.sent.slice(sentBefore);
    expect(again.length).toBeGreaterThan(0);
    // Only what was missing is asked for.
    for (const s of again) expect(s.from).toBeGreaterThanOrEqual(r.from + 2 * DAY);
    expect((await h.loader.read(OBJECT, r.from, r.till)).coverage.complete).toBe(true);
    // Nothing left to resume; a cancelled stopped load is forgotten.
    expect(h.loader.resume(id)).toBe(false);
  }, 60_000);

  it('resume by themselves when connectivity turns online again', async () => {
    h = await startHistoryHarness();
    // The connection's history services as the app wires them, on a real push bus.
    const bus = createPushBus();
    const pushes: HistoryProgress[] = [];
    bus.subscribe((env) => env.name === 'history/progress' && pushes.push(env.args as HistoryProgress));
    let offline = false;
    const { history, stop: closeServices } = startHistory({ api: h.api, cache: h.cache, bus, worker: WORKER, isOffline: () => offline });
    try {
      const loader = history.loader;
      bus.emit('connectivity/changed', { state: 'online', lastGood: {}, lastError: null });
      h.sim.setFaults({ outage: 'reset' });
      offline = true;
      bus.emit('connectivity/changed', { state: 'offline', lastGood: {}, lastError: 'reset' });
      const r = pastRange(2);
      const first = await loader.load(OBJECT, r.from, r.till);
      const id = first.loadId!;
      await loader.settled(id);
      expect(pushes.find((p) => p.loadId === id && p.done)?.error?.code).toBe('offline');
      // Known offline, the load stopped at once instead of waiting out its retries.
      expect(pushes.some((p) => p.loadId === id && p.retrying)).toBe(false);
      h.sim.clearFaults();
      offline = false;
      const before = pushes.length;
      bus.emit('connectivity/changed', { state: 'online', lastGood: {}, lastError: null });
      const done = await new Promise<HistoryProgress>((resolve, reject) => {
        const t0 = Date.now();
        const tick = () => {
          const p = pushes.slice(before).find((x) => x.loadId === id && x.done);
          if (p) return resolve(p);
          if (Date.now() - t0 > 10_000) return reject(new Error('the load did not resume'));
          setTimeout(tick, 20);
        };
        tick();
      });
      expect(done.error).toBeUndefined();
      expect((await loader.read(OBJECT, r.from, r.till)).coverage.complete).toBe(true);
    } finally {
      closeServices();
    }
  }, 60_000);
});
