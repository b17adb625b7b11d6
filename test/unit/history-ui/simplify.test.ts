import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../renderer/src/history/model';
import { decimate, ZoomLevels } from '../../../renderer/src/history/simplify';
import { speedBucket } from '../../../renderer/src/history/speed-colors';
import { drive, track } from './helpers';

describe('per-zoom decimation', () => {
  const m = buildModel(track(drive(10_000)));
  const none = () => 0;

  it('keeps the ends and drops what a pixel cannot show', () => {
    const low = decimate(m, 5, none);
    expect(low[0]).toBe(0);
    expect(low[low.length - 1]).toBe(m.n - 1);
    // 100 km at zoom 5 is about 20 pixels: a dozen or so points, not 10,000.
    expect(low.length).toBeLessThan(40);
  });

  it('keeps more points as the zoom grows, and all of them when each is a pixel apart', () => {
    const counts = [8, 12, 16, 20].map((z) => decimate(m, z, none).length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    // 10 m at zoom 20 is ~100 px.
    expect(counts[3]).toBe(m.n);
  });

  it('keeps every point where the speed colour changes, so colours stay where they belong', () => {
    const rows = drive(1000).map(([t, la, ln], i): [number, number, number, number] => [t, la, ln, i < 500 ? 20 : 100]);
    const mm = buildModel(track(rows));
    const b = (i: number) => speedBucket(mm.cols.speed[i]!);
    const idx = Array.from(decimate(mm, 3, b));
    expect(idx).toContain(500);
  });

  it('keeps both sides of a hole in the data', () => {
    const rows = [...drive(100, 0), ...drive(100, 3600_000, 55, 20)];
    const mm = buildModel(track(rows));
    expect(mm.breakBefore[100]).toBe(1);
    const idx = Array.from(decimate(mm, 2, none));
    expect(idx).toEqual(expect.arrayContaining([99, 100]));
  });

  it('thins a million points (10,000 km at 1 Hz) at country zoom, computed once per zoom', () => {
    const big = buildModel(track(drive(1_000_000)));
    const levels = new ZoomLevels(big, none);
    const z8 = levels.at(8);
    expect(z8.length).toBeLessThan(big.n / 50);
    expect(levels.at(8.2)).toBe(z8);
  });
});
