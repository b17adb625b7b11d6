import { describe, expect, it } from 'vitest';
import { LastReadings } from '../../../main/core/cache/last-readings';

describe('LastReadings', () => {
  it('keeps each sensor’s last reading past the columns’ first size, and nothing for a sensor never read', () => {
    const r = new LastReadings();
    for (let id = 1; id <= 3000; id++) r.set(id * 7, 1795783800000 + id, id % 3 === 0 ? id / 8 : 0);
    // Later readings of some sensors replace theirs without moving them.
    for (let id = 1; id <= 3000; id += 100) r.set(id * 7, 1795783900000, -1.5);
    expect(r.row(7)).toBe(0);
    expect(r.value(7)).toBe(-1.5);
    expect(r.timeAt(r.row(7))).toBe(1795783900000);
    expect(r.value(3 * 7)).toBe(3 / 8);
    expect(r.timeAt(r.row(2999 * 7))).toBe(1795783800000 + 2999);
    expect(r.value(2998 * 7)).toBe(0);
    expect(r.row(8)).toBe(-1);
    expect(r.value(8)).toBeUndefined();
  });
});
