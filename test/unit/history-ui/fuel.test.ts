import { describe, expect, it } from 'vitest';
import { detectFuelJumps } from '../../../renderer/src/history/model/fuel';

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

/**
 * A day at 1 Hz: parked with the engine off until 06:00, then driving at 36 km/h (10 m/s)
 * burning `perKm` for `hours`, then parked again. `fall(t)` takes extra litres away.
 */
function day(perKm: number, fall: (t: number) => number = () => 0, hours = 6) {
  const n = 24 * 3600;
  const time = new Float64Array(n);
  const value = new Float64Array(n);
  const cum = new Float64Array(n);
  const drive0 = 6 * 3600;
  const drive1 = (6 + hours) * 3600;
  for (let i = 0; i < n; i++) {
    time[i] = i * 1000;
    cum[i] = Math.min(Math.max(0, i - drive0), drive1 - drive0) * 10;
    value[i] = 150 - (cum[i]! / 1000) * perKm - fall(i * 1000);
  }
  const ignition = { time: Float64Array.from([0, drive0 * 1000 - 60_000, drive1 * 1000 + 60_000]), value: Float64Array.from([0, 1, 0]) };
  return { time, value, track: { time, cum }, ignition };
}

/** Litres taken away evenly over [from, from + span). */
const siphon = (from: number, span: number, litres: number) => (t: number) => Math.min(1, Math.max(0, (t - from) / span)) * litres;

describe('a drain is a fall that consumption does not explain', () => {
  it('never calls steady consumption while driving a drain, however steep (1.5 l/min here)', () => {
    // Read once a minute, as the simulator sends fuel while the ignition is on; an hour's
    // drive, so that the level's range (90 l) leaves the threshold at 5 l.
    const d = day(2.5, undefined, 1);
    const time = d.time.filter((_, i) => i % 60 === 0);
    const value = d.value.filter((_, i) => i % 60 === 0);
    expect(detectFuelJumps(time, value, { track: d.track, ignition: d.ignition })).toEqual([]);
    expect(detectFuelJumps(d.time, d.value, { track: d.track, ignition: d.ignition })).toEqual([]);
  });

  it('finds a siphoning of 6 l over 4 min while parked with the engine off, read at 1 Hz', () => {
    const d = day(0.4, siphon(3 * 3600_000, 4 * MIN, 6));
    const j = detectFuelJumps(d.time, d.value, { track: d.track, ignition: d.ignition });
    expect(j).toHaveLength(1);
    expect(j[0]!.kind).toBe('drain');
    expect(j[0]!.from).toBeGreaterThanOrEqual(3 * 3600_000 - 1000);
    expect(j[0]!.till).toBeLessThanOrEqual(3 * 3600_000 + 4 * MIN);
    expect(j[0]!.delta).toBeCloseTo(-6, 1);
  });

  it('finds a fall far steeper than consumption while driving, not the consumption around it', () => {
    // 0.4 l/km at 36 km/h is 0.24 l/min; 10 l in 3 min is 3.3 l/min.
    const d = day(0.4, siphon(9 * 3600_000, 3 * MIN, 10));
    const j = detectFuelJumps(d.time, d.value, { track: d.track, ignition: d.ignition });
    expect(j.map((x) => x.kind)).toEqual(['drain']);
    expect(j[0]!.from).toBeGreaterThanOrEqual(9 * 3600_000 - 1000);
    expect(j[0]!.till).toBeLessThanOrEqual(9 * 3600_000 + 3 * MIN);
    expect(j[0]!.delta).toBeLessThan(-10);
    expect(j[0]!.delta).toBeGreaterThan(-11);
  });

  it('finds a refuel pumped in at 40 l/min and read at 1 Hz (each step under a litre)', () => {
    const d = day(0.4, (t) => -siphon(14 * 3600_000, 90_000, 60)(t));
    const j = detectFuelJumps(d.time, d.value, { track: d.track, ignition: d.ignition });
    expect(j).toHaveLength(1);
    expect(j[0]).toMatchObject({ kind: 'refuel', from: 14 * 3600_000 });
    expect(j[0]!.delta).toBeCloseTo(60, 5);
  });

  it('a month at 1 Hz (2.6 M readings): every daily refuel and no false drain (its speed is the bench\'s)', () => {
    const n = 31 * 86_400;
    const time = new Float64Array(n);
    const value = new Float64Array(n);
    const cum = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      time[i] = i * 1000;
      cum[i] = i * 10;
      // Refuelled each day, driven around the clock; noise of ±0.3 l.
      value[i] = 300 - ((i % 86_400) / 100) * 0.25 + (i % 7 === 0 ? 0.3 : -0.3);
    }
    const j = detectFuelJumps(time, value, { track: { time, cum } });
    expect(j.filter((x) => x.kind === 'refuel')).toHaveLength(30);
    expect(j.filter((x) => x.kind === 'drain')).toHaveLength(0);
  });
});
