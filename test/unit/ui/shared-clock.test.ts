import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedClock } from '../../../renderer/src/ui/use-now';

describe('the shared clock of the "… ago" labels', () => {
  afterEach(() => vi.useRealTimers());

  it('gives every view of one period the same now, told in one tick, and stops when none listens', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = sharedClock(1000);
    expect(sharedClock(1000)).toBe(clock);
    const seen: [string, number][] = [];
    const offList = clock.subscribe(() => seen.push(['list', clock.get()]));
    vi.advanceTimersByTime(300);
    const offDetails = clock.subscribe(() => seen.push(['details', clock.get()]));
    vi.advanceTimersByTime(700);
    expect(seen).toEqual([
      ['list', 1_001_000],
      ['details', 1_001_000],
    ]);
    offList();
    offDetails();
    expect(vi.getTimerCount()).toBe(0);
    // A period of its own ticks on its own.
    const slow = sharedClock(5000);
    expect(slow).not.toBe(clock);
    const offSlow = slow.subscribe(() => {});
    vi.advanceTimersByTime(5000);
    expect(slow.get()).toBe(1_006_000);
    offSlow();
  });

  it('reads the time afresh when a first view comes back after none listened', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const clock = sharedClock(2000);
    clock.subscribe(() => {})();
    vi.advanceTimersByTime(9000);
    const off = clock.subscribe(() => {});
    expect(clock.get()).toBe(2_009_000);
    off();
  });
});
