import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { PACKETS_WINDOW_MS, RECORDS_WINDOW_MS } from '../../../common/history-windows';
import { fetchInWindows, joinWindows, PACKETS_MAX_WINDOWS, splitRange } from '../../../renderer/src/history/records/record-windows';
import { figuresFromDailyStats } from '../../../renderer/src/history/model/summary';


const H = 3_600_000;
const D = 24 * H;
const berlin = (y: number, m: number, d: number, h = 0) => new TZDate(y, m - 1, d, h, 0, 0, 'Europe/Berlin').getTime();
const isBerlinMidnight = (t: number) => {
  const z = new TZDate(t, 'Europe/Berlin');
  return z.getHours() === 0 && z.getMinutes() === 0 && z.getSeconds() === 0;
};

describe('record windows', () => {
  it('puts every inner edge on a local midnight of the zone, across a clock change, within the limit', () => {
    // "Last 3 months" on 24 Nov: crosses the end of summer time on 25 Oct.
    const from = berlin(2026, 8, 24);
    const till = berlin(2026, 11, 24, 14);
    const w = splitRange(from, till, RECORDS_WINDOW_MS, 'Europe/Berlin');
    expect(w[0]![0]).toBe(from);
    expect(w.at(-1)![1]).toBe(till);
    for (let i = 1; i < w.length; i++) expect(w[i]![0]).toBe(w[i - 1]![1]);
    for (const [a, b] of w) expect(b - a).toBeLessThanOrEqual(RECORDS_WINDOW_MS);
    for (const [a] of w) expect(isBerlinMidnight(a), new Date(a).toISOString()).toBe(true);
    expect(w.length).toBe(4);
  });

  it('keeps a day-long window where a 25-hour day would not fit, so none exceeds the packets limit', () => {
    const w = splitRange(berlin(2026, 10, 24), berlin(2026, 10, 27), PACKETS_WINDOW_MS, 'Europe/Berlin');
    for (const [a, b] of w) expect(b - a).toBeLessThanOrEqual(PACKETS_WINDOW_MS);
    expect(w.at(-1)![1]).toBe(berlin(2026, 10, 27));
  });

  it('counts a day once when both windows around an edge return it (the fuller row stands for it)', () => {
    const day = (Day: number, move: number, park: number) => ({ ObjectId: 1, Day, Length: move / 100, MoveTime: move, ParkTime: park, IdleTime: 0, EngineTime: move, MaxSpeed: 50 });
    const edge = 2 * D + 10 * H;
    const parts = [
      // The edge day as far as the first window reaches (10 h), then whole from the second.
      { from: 0, till: edge, items: [day(0, 3600, 82_800), day(D, 3600, 82_800), day(2 * D, 1800, 34_200)] },
      // A window ending at midnight also returns an empty row for the day starting there.
      { from: edge, till: 4 * D, items: [day(2 * D, 3600, 82_800), day(3 * D, 3600, 82_800), day(4 * D, 0, 0)] },
    ];
    const rows = joinWindows('dailyStat', parts) as { Day: number; MoveTime: number }[];
    expect(rows.map((r) => r.Day)).toEqual([0, D, 2 * D, 3 * D, 4 * D]);
    expect(rows.find((r) => r.Day === 2 * D)!.MoveTime).toBe(3600);
    const f = figuresFromDailyStats(rows as unknown as Record<string, unknown>[])!;
    expect(f.moveTime + f.parkTime).toBe(4 * D);
  });

  it('lists a driver session once when the windows on both sides of an edge return it, and joins one cut at the edge', () => {
    const s = (DriverId: number, From: number, Till: number) => ({ ObjectId: 1, DriverId, DriverName: `D${DriverId}`, UId: `K${DriverId}`, From, Till });
    const edge = 10 * D;
    const rows = joinWindows('driverSessions', [
      { from: 0, till: edge, items: [s(1, 2 * D, 2 * D + H), s(2, edge - H, edge + H)] },
      { from: edge, till: 20 * D, items: [s(2, edge - H, edge + H), s(3, 12 * D, 12 * D + 2 * H), s(3, 12 * D + 2 * H, 12 * D + 3 * H)] },
    ]);
    // Driver 3's two sessions touch inside a window: they stay two.
    expect(rows).toEqual([s(1, 2 * D, 2 * D + H), s(2, edge - H, edge + H), s(3, 12 * D, 12 * D + 2 * H), s(3, 12 * D + 2 * H, 12 * D + 3 * H)]);
    const cut = joinWindows('driverSessions', [
      { from: 0, till: edge, items: [s(2, edge - H, edge)] },
      { from: edge, till: 20 * D, items: [s(2, edge, edge + H)] },
    ]);
    expect(cut).toEqual([s(2, edge - H, edge + H)]);
  });

  it('gives one ParkingMoto record per object with a parking and an engine interval cut at the edge joined', () => {
    const edge = 28 * D;
    const rows = joinWindows('parkingMoto', [
      { from: 0, till: edge, items: [{ ObjectId: 1, Parkings: [{ From: edge - 2 * H, Till: edge, Duration: 7200, Lat: 1, Lng: 2 }], EngineIntervals: [{ From: edge - H, Till: edge, Duration: 3600 }] }] },
      { from: edge, till: 40 * D, items: [{ ObjectId: 1, Parkings: [{ From: edge, Till: edge + 3 * H, Duration: 10_800, Lat: 1, Lng: 2 }], EngineIntervals: [{ From: edge, Till: edge + H, Duration: 3600 }] }] },
    ]);
    expect(rows).toEqual([
      { ObjectId: 1, Parkings: [{ From: edge - 2 * H, Till: edge + 3 * H, Duration: 18_000, Lat: 1, Lng: 2 }], EngineIntervals: [{ From: edge - H, Till: edge + H, Duration: 7200 }] },
    ]);
  });

  it('shows a packet at an edge once', () => {
    const p = (Time: number) => ({ ObjectId: 1, Time, Raw: `$GPRMC,${Time}` });
    expect(joinWindows('packets', [
      { from: 0, till: D, items: [p(D - 1000), p(D)] },
      { from: D, till: 2 * D, items: [p(D), p(D + 1000)] },
    ])).toEqual([p(D - 1000), p(D), p(D + 1000)]);
  });
});

describe('fetchInWindows', () => {
  const answering = (perWindow: number) => {
    const asked: [number, number][] = [];
    const call = async (_m: string, a: { from: number; till: number }) => {
      if (a.till - a.from > D) throw new Error('ObjectPackets covers at most one day per request');
      asked.push([a.from, a.till]);
      return { items: Array.from({ length: perWindow }, (_, i) => ({ ObjectId: 7, Time: a.from + i * 1000, Raw: 'x' })) };
    };
    return { asked, call };
  };

  it('asks for packets a day at a time and stops after the first days of a long interval, saying where', async () => {
    const { asked, call } = answering(10);
    const from = berlin(2026, 8, 24);
    const r = await fetchInWindows(call, 'history/packets', 7, from, berlin(2026, 11, 24, 14), 'Europe/Berlin');
    expect(asked.length).toBe(PACKETS_MAX_WINDOWS);
    for (const [a, b] of asked) expect(b - a).toBeLessThanOrEqual(D);
    expect(r.items.length).toBe(10 * PACKETS_MAX_WINDOWS);
    expect(r.shownTill).toBe(asked.at(-1)![1]);
  });

  it('stops once the table is full, and asks every day of a short interval', async () => {
    const dense = answering(1500);
    const r = await fetchInWindows(dense.call, 'history/packets', 7, 0, 30 * D, 'UTC');
    expect(dense.asked.length).toBe(2);
    expect(r.shownTill).toBe(2 * D);
    const few = answering(3);
    const whole = await fetchInWindows(few.call, 'history/packets', 7, 0, 3 * D + H, 'UTC');
    expect(few.asked).toEqual([[0, D], [D, 2 * D], [2 * D, 3 * D], [3 * D, 3 * D + H]]);
    expect(whole.shownTill).toBeNull();
  });
});
