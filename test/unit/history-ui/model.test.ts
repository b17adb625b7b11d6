import { describe, expect, it } from 'vitest';
import { buildModel, haversine } from '../../../renderer/src/history/model/track-model';
import { track } from './helpers';

describe('track model distances', () => {
  /** A wandering drive: steps of 0–40 m in every direction, at a latitude where degrees of longitude shrink. */
  const wander = (n: number, lat0: number) => {
    const rows: [number, number, number, number][] = [];
    let lat = lat0;
    let lng = 30;
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < n; i++) {
      rows.push([i * 1000, lat, lng, 40]);
      const a = rnd() * 2 * Math.PI;
      const m = rnd() * 40;
      lat += (m * Math.sin(a)) / 111_320;
      lng += (m * Math.cos(a)) / (111_320 * Math.cos((lat * Math.PI) / 180));
    }
    return rows;
  };

  for (const lat0 of [0, 55, 69]) {
    it(`sums steps as the great circle does, to a millimetre per kilometre (latitude ${lat0})`, () => {
      const rows = wander(20_000, lat0);
      const m = buildModel(track(rows));
      let exact = 0;
      for (let i = 1; i < rows.length; i++) exact += haversine(rows[i - 1]![1], rows[i - 1]![2], rows[i]![1], rows[i]![2]);
      expect(exact).toBeGreaterThan(100_000);
      expect(Math.abs(m.cum[m.n - 1]! - exact) / exact).toBeLessThan(1e-6);
    });
  }

  it('does not count the jump across a hole, and counts the hop after it', () => {
    // Two points 12 minutes apart, 1.5° of longitude apart at 60° N: a hole, not counted,
    // then a plausible 5 km hop in 5 minutes, counted.
    const rows: [number, number, number, number][] = [
      [0, 60, 10, 0],
      [700_000, 60, 11.5, 0],
      [1_000_000, 60.045, 11.5, 60],
    ];
    const m = buildModel(track(rows));
    expect(m.breakBefore[1]).toBe(1);
    expect(m.cum[2]).toBeCloseTo(haversine(60, 11.5, 60.045, 11.5), 6);
  });

  it("lifts the line where a sketch's breaks say, besides the holes it finds", () => {
    const rows: [number, number, number, number][] = [
      [0, 60, 10, 30],
      [10_000, 60.001, 10, 30],
      [20_000, 60.002, 10, 30],
      [30_000, 60.003, 10, 30],
    ];
    const plain = buildModel(track(rows));
    expect(Array.from(plain.breakBefore)).toEqual([0, 0, 0, 0]);
    const m = buildModel(track(rows), Uint8Array.from([0, 0, 1, 0]));
    expect(Array.from(m.breakBefore)).toEqual([0, 0, 1, 0]);
    // The lifted step is not distance driven.
    expect(m.cum[3]! - m.cum[0]!).toBeCloseTo(plain.cum[3]! - plain.cum[0]! - (plain.cum[2]! - plain.cum[1]!), 6);
  });

  it('reuses an earlier model where the tracks agree, and gives what a fresh build gives', () => {
    const rows = Array.from({ length: 5000 }, (_, i): [number, number, number, number] => [i * 1000, 50 + Math.sin(i / 300) * 0.05, 14 + i * 1e-4, 40]);
    // A hole in the middle, so breaks are carried over too.
    for (let i = 2500; i < 5000; i++) rows[i]![0] += 3_600_000;
    const early = buildModel(track(rows.slice(0, 3000)));
    const grown = buildModel(track(rows), undefined, early);
    expect(grown).toEqual(buildModel(track(rows)));
    // A window spliced in before the end: only the start before it is shared.
    const edited = rows.map((r, i): [number, number, number, number] => (i >= 1000 && i < 1200 ? [r[0], r[1] + 0.001, r[2], r[3]] : r));
    expect(buildModel(track(edited), undefined, grown)).toEqual(buildModel(track(edited)));
    // Another track altogether shares nothing.
    const other = rows.map((r): [number, number, number, number] => [r[0], r[1] + 1, r[2], r[3]]);
    expect(buildModel(track(other), undefined, grown)).toEqual(buildModel(track(other)));
  });
});
