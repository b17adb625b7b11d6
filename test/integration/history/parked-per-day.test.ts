/**
 * Issue 30, point 7: "From the track" parked time of one day read 27–29 h. The figures of
 * a day loaded in the loader's windows must fit in the day and agree with the service's
 * own daily statistics for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { unpackHistory } from '../../../common/methods/history';
import { signIn } from '../../../main/core/api/auth';
import { deriveTrack } from '../../../renderer/src/history/model/derive';
import { figuresFromTrack } from '../../../renderer/src/history/model/summary';
import { startHistoryHarness, DAY, OBJECT, type HistoryHarness } from './harness';

let h: HistoryHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Stat {
  Day: number;
  MoveTime: number;
  ParkTime: number;
}

describe('parked and moving time of a day from the track', () => {
  it('fits in the day and matches the daily statistics, day by day, across window seams', async () => {
    h = await startHistoryHarness();
    const weekEnd = Math.floor(Date.now() / DAY) * DAY - 20 * DAY;
    const weekStart = weekEnd - 7 * DAY;
    // The service's days (local midnights of the object's zone), with their statistics.
    const { token } = await signIn(fetch, h.sim.baseUrl, 'demo', 'demo');
    const res = await fetch(`${h.sim.baseUrl}/api/ObjectsHistory/DailyStat/${OBJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ From: weekStart, Till: weekEnd }),
    });
    expect(res.status).toBe(200);
    const stats = ((await res.json()) as Stat[]).filter((s) => s.Day >= weekStart && s.Day + DAY <= weekEnd);
    expect(stats.length).toBeGreaterThanOrEqual(5);

    // Loaded as the screen's loads leave it: day by day, then the whole week, so parkings are
    // cut at many window edges (the service clips a parking to the window asked for).
    for (const s of stats) {
      const r = await h.loader.load(OBJECT, s.Day + DAY / 3, s.Day + DAY / 3 + DAY / 2);
      if (r.loadId) await h.loader.settled(r.loadId);
    }
    const all = await h.loader.load(OBJECT, weekStart, weekEnd);
    if (all.loadId) await h.loader.settled(all.loadId);

    let moving = 0;
    for (const s of stats) {
      const data = unpackHistory(await h.loader.read(OBJECT, s.Day, s.Day + DAY));
      expect(data.coverage.complete).toBe(true);
      const t = deriveTrack(data);
      const f = figuresFromTrack(t.model, t.trips, t.stops, undefined, [s.Day, s.Day + DAY]);
      expect(f.parkTime + f.moveTime).toBeLessThanOrEqual(DAY);
      // The service counts every moment of the day either moving or parked; the track's
      // trips start and end at fixes (0.05 Hz here: one every 20 s), so each trip may lose up
      // to a fix interval at either end, plus a second of rounding per figure.
      const slack = 2 * 20_000 * (t.trips.length + 1) + 2_000;
      expect(Math.abs(f.parkTime - s.ParkTime * 1000)).toBeLessThanOrEqual(slack);
      expect(Math.abs(f.moveTime - s.MoveTime * 1000)).toBeLessThanOrEqual(slack);
      moving += f.moveTime;
    }
    expect(moving).toBeGreaterThan(0);
  }, 120_000);
});
