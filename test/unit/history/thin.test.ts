import { describe, expect, it } from 'vitest';
import { emptyTrackColumns } from '../../../main/core/cache';
import { thinToBudget } from '../../../main/core/history/thin';

const M_PER_DEG = 111_320;

/** A drive north, a point per 100 m, then a long stop at its end, then the drive back. */
function driveStopDrive(drive: number, parked: number) {
  const n = drive * 2 + parked;
  const c = emptyTrackColumns(n);
  for (let i = 0; i < n; i++) {
    const step = i < drive ? i : i < drive + parked ? drive : 2 * drive + parked - i;
    c.time[i] = 1_700_000_000_000 + i * 5000;
    c.lat[i] = 10 + (step * 100) / M_PER_DEG;
    c.lng[i] = 20;
    c.speed[i] = i % 90;
    c.sat[i] = i % 13;
  }
  return c;
}

describe('thinToBudget', () => {
  it('returns the track itself when it is within the budget', () => {
    const c = driveStopDrive(100, 50);
    expect(thinToBudget(c, 250, 100)).toBe(c);
  });

  it('keeps within the budget, spaces the kept points evenly along the path, and a stop costs no points', () => {
    const c = driveStopDrive(10_000, 10_000);
    const t = thinToBudget(c, 1000, 100);
    expect(t.time.length).toBeLessThanOrEqual(1000);
    // The budget is used, not squandered: a tenth of it would be visibly coarser.
    expect(t.time.length).toBeGreaterThan(500);
    expect(t.time[0]).toBe(c.time[0]);
    expect(t.time.at(-1)).toBe(c.time.at(-1));

    const byTime = new Map(Array.from(c.time, (time, i) => [time, i]));
    let parkedKept = 0;
    const gaps: number[] = [];
    for (let j = 0; j < t.time.length; j++) {
      const i = byTime.get(t.time[j]!);
      expect(i, 'every kept point is one of the track').toBeDefined();
      expect([t.lat[j], t.lng[j], t.speed[j], t.sat[j]]).toEqual([c.lat[i!], c.lng[i!], c.speed[i!], c.sat[i!]]);
      if (i! > 10_000 && i! < 20_000) parkedKept++;
      if (j > 0 && j < t.time.length - 1) gaps.push(Math.abs(t.lat[j]! - t.lat[j - 1]!) * M_PER_DEG);
    }
    expect(parkedKept).toBeLessThanOrEqual(1);
    const moving = gaps.filter((g) => g > 0);
    expect(Math.max(...moving) / Math.min(...moving)).toBeLessThan(1.1);
  });

  it("widens the spacing until the budget holds when the points are sparser than the copy's 100 m", () => {
    // A point per kilometre: the first spacing (100 m × n / budget = 500 m) keeps them all.
    const c = emptyTrackColumns(5000);
    for (let i = 0; i < c.time.length; i++) {
      c.time[i] = i * 30_000;
      c.lat[i] = 10 + (i * 1000) / M_PER_DEG;
      c.lng[i] = 20;
    }
    const t = thinToBudget(c, 1000, 100);
    expect(t.time.length).toBeLessThanOrEqual(1000);
    expect(t.time.length).toBeGreaterThan(250);
    expect(t.time.at(-1)).toBe(c.time.at(-1));
  });
});
