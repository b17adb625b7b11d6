import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, halve, splitWindows, windowLength, WindowQueue } from '../../../main/core/history';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('windows', () => {
  it('splits gaps at the window length', () => {
    expect(splitWindows([{ from: 0, till: 75 * DAY }], 30 * DAY)).toEqual([
      { from: 0, till: 30 * DAY },
      { from: 30 * DAY, till: 60 * DAY },
      { from: 60 * DAY, till: 75 * DAY },
    ]);
    expect(splitWindows([{ from: 0, till: 1 }, { from: 5, till: 7 }], 30 * DAY)).toEqual([{ from: 0, till: 1 }, { from: 5, till: 7 }]);
  });

  it('probes an unknown object with one day, then sizes by density within [1 h, 30 d]', () => {
    expect(windowLength(DEFAULT_POLICY, undefined)).toBe(DAY);
    expect(windowLength(DEFAULT_POLICY, 0)).toBe(30 * DAY);
    expect(windowLength(DEFAULT_POLICY, 1e-6)).toBe(30 * DAY);
    // ~100 bytes a point at 1 Hz: 0.1 byte per ms → 16 MiB ≈ 46 h.
    const len = windowLength(DEFAULT_POLICY, 0.1);
    expect(len % HOUR).toBe(0);
    expect(len).toBeGreaterThan(40 * HOUR);
    expect(len).toBeLessThan(50 * HOUR);
    expect(windowLength(DEFAULT_POLICY, 1e9)).toBe(HOUR);
  });

  it('halves down to the minimum, then gives up', () => {
    expect(halve({ from: 0, till: 4 * HOUR }, HOUR)).toEqual([{ from: 0, till: 2 * HOUR }, { from: 2 * HOUR, till: 4 * HOUR }]);
    expect(halve({ from: 0, till: HOUR }, HOUR)).toBeNull();
  });

  it('queue cuts windows on demand and serves refused halves first', () => {
    const q = new WindowQueue([{ from: 0, till: 10 }, { from: 20, till: 25 }]);
    expect(q.next(4)).toEqual({ from: 0, till: 4 });
    q.pushFront({ from: 0, till: 2 }, { from: 2, till: 4 });
    expect(q.next(100)).toEqual({ from: 0, till: 2 });
    expect(q.next(100)).toEqual({ from: 2, till: 4 });
    expect(q.next(100)).toEqual({ from: 4, till: 10 });
    expect(q.next(1)).toEqual({ from: 20, till: 21 });
    expect(q.next(100)).toEqual({ from: 21, till: 25 });
    expect(q.next(100)).toBeUndefined();
    expect(q.empty).toBe(true);
  });
});
