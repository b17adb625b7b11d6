import { describe, expect, it } from 'vitest';
import { buildModel, fixAt, indexAt } from '../../../renderer/src/history/model/track-model';
import { placesOf, stopsOf, timelineOf, tripsOf } from '../../../renderer/src/history/model/trips';
import { figuresFromDailyStats, figuresFromTrack, parkedSpans } from '../../../renderer/src/history/model/summary';
import { drive, track } from './helpers';

const H = 3600_000;

describe('trips and stops', () => {
  // Parked 0–1 h, drives 1000 s, parked until 3 h, drives 500 s, parked to 4 h.
  const rows = [...drive(1001, H), ...drive(501, 3 * H, 50, 10.2)];
  const m = buildModel(track(rows));
  const parkings = [
    { from: 3 * H + 500_000, till: 4 * H, lat: 50, lng: 10.2 },
    { from: 0, till: H, lat: 50, lng: 10 },
    { from: H + 1_000_000, till: 3 * H, lat: 50, lng: 10.14 },
  ];
  const stops = stopsOf(parkings);
  const trips = tripsOf(m, stops, 0, 4 * H);

  it('numbers stops in time order', () => {
    expect(stops.map((s) => [s.n, s.from])).toEqual([
      [1, 0],
      [2, H + 1_000_000],
      [3, 3 * H + 500_000],
    ]);
  });

  it('finds the drives between stops, with distance and top speed', () => {
    expect(trips).toHaveLength(2);
    expect(trips[0]).toMatchObject({ n: 1, from: H, till: H + 1_000_000, first: 0, last: 1000, maxSpeed: 36 });
    expect(trips[0]!.metres).toBeCloseTo(10_000, -2);
    expect(trips[1]).toMatchObject({ from: 3 * H, till: 3 * H + 500_000 });
    expect(timelineOf(trips, stops).map((x) => `${x.kind}${x.n}`)).toEqual(['stop1', 'trip1', 'stop2', 'trip2', 'stop3']);
  });

  it('sums figures from the track and from daily statistics', () => {
    const f = figuresFromTrack(m, trips, stops, undefined, [0, 4 * H]);
    expect(f.moveTime).toBe(1_500_000);
    expect(f.parkTime).toBe(4 * H - 1_500_000);
    expect(f.avgSpeed).toBeCloseTo(36, 0);
    expect(f.engineTime).toBeNull();
    const d = figuresFromDailyStats([
      { Length: 10, MoveTime: 1800, ParkTime: 100, IdleTime: 60, EngineTime: 1900, MaxSpeed: 80 },
      { Length: 20, MoveTime: 1800, MaxSpeed: 95 },
    ])!;
    expect(d).toMatchObject({ distance: 30_000, moveTime: 3_600_000, maxSpeed: 95, avgSpeed: 30 });
    expect(figuresFromDailyStats([])).toBeNull();
  });

  it('groups stops at the same place', () => {
    const many = stopsOf([
      { from: 0, till: 1, lat: 50, lng: 10 },
      { from: 2, till: 3, lat: 50.0001, lng: 10.0001 },
      { from: 4, till: 5, lat: 50.01, lng: 10 },
    ]);
    const places = placesOf(many);
    expect(places.map((p) => p.stops.map((s) => s.n))).toEqual([[1, 2], [3]]);
  });

  it('finds the point at a time and glides between points', () => {
    expect(indexAt(m.cols.time, H - 1)).toBe(-1);
    expect(indexAt(m.cols.time, H + 500)).toBe(0);
    const f = fixAt(m, H + 500)!;
    expect(f.lng).toBeCloseTo((m.cols.lng[0]! + m.cols.lng[1]!) / 2, 9);
    // In the parking after the first drive the vehicle stands at its last point.
    const p = fixAt(m, 2 * H)!;
    expect(p.lng).toBe(m.cols.lng[1000]);
    expect(p.speed).toBe(0);
  });
});

describe('parked time within an interval', () => {
  it('clips stops to the interval and counts overlapping pieces once', () => {
    const stops = stopsOf([
      // The night before, reaching 6 h into the day.
      { from: -10 * H, till: 6 * H, lat: 50, lng: 10 },
      // A stop cut at a window seam (12 h) whose refetched piece overlaps the first.
      { from: 10 * H, till: 13 * H, lat: 50, lng: 10 },
      { from: 11 * H, till: 14 * H, lat: 50, lng: 10 },
      // The evening's, reaching into the next day.
      { from: 20 * H, till: 30 * H, lat: 50, lng: 10 },
    ]);
    expect(parkedSpans(stops, 0, 24 * H)).toEqual([
      [0, 6 * H],
      [10 * H, 14 * H],
      [20 * H, 24 * H],
    ]);
    const m = buildModel(track([]));
    expect(figuresFromTrack(m, [], stops, undefined, [0, 24 * H]).parkTime).toBe(14 * H);
  });
});
