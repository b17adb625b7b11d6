import { describe, expect, it } from 'vitest';
import { detectFuelJumps } from '../../../renderer/src/history/fuel';

const MIN = 60_000;

/** Level every minute: consumption of `perMin` while driving, plus steps at given minutes. */
function series(minutes: number, start: number, perMin: number, steps: Record<number, number>) {
  const time: number[] = [];
  const value: number[] = [];
  let v = start;
  for (let i = 0; i < minutes; i++) {
    v -= perMin;
    v += steps[i] ?? 0;
    time.push(i * MIN);
    value.push(v);
  }
  return { time, value };
}

describe('refuel and drain detection', () => {
  it('finds a refuel and a drain and ignores steady consumption', () => {
    const s = series(600, 60, 0.3, { 200: 40, 400: -12 });
    const j = detectFuelJumps(s.time, s.value);
    expect(j.map((x) => x.kind)).toEqual(['refuel', 'drain']);
    expect(j[0]!.delta).toBeCloseTo(39.7, 1);
    expect(j[0]!.till).toBe(200 * MIN);
    expect(j[1]!.delta).toBeCloseTo(-12.3, 1);
  });

  it('reports a refuel spread over several readings as one', () => {
    const s = series(100, 20, 0, { 50: 10, 51: 15, 52: 12 });
    const j = detectFuelJumps(s.time, s.value);
    expect(j).toHaveLength(1);
    expect(j[0]).toMatchObject({ kind: 'refuel', from: 49 * MIN, till: 52 * MIN, before: 20, after: 57 });
  });

  it('does not call a gap in the data a drain', () => {
    const j = detectFuelJumps([0, MIN, 5 * 3600_000], [50, 50, 30]);
    expect(j).toEqual([]);
  });

  it('ignores sensor noise below the threshold and copes with tiny series', () => {
    const s = series(300, 50, 0, {});
    const noisy = s.value.map((v, i) => v + (i % 2 ? 1.2 : -1.2));
    expect(detectFuelJumps(s.time, noisy)).toEqual([]);
    expect(detectFuelJumps([], [])).toEqual([]);
    expect(detectFuelJumps([0], [1])).toEqual([]);
  });
});
