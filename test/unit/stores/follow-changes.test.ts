import { afterEach, describe, expect, it, vi } from 'vitest';
import { followChanges } from '../../../renderer/src/stores/follow-changes';

/** A store to change by hand, as the fleet store's subscribe is seen by its followers. */
function store() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    change: () => listeners.forEach((l) => l()),
    count: () => listeners.size,
  };
}

describe('followChanges (the map legend’s recount)', () => {
  afterEach(() => vi.useRealTimers());

  it('redoes after a change, at most once a second, and not at all while the store is still', () => {
    vi.useFakeTimers({ now: 0 });
    const s = store();
    const at: number[] = [];
    const off = followChanges(s.subscribe, () => at.push(Date.now()), 1000);
    vi.advanceTimersByTime(5000);
    expect(at).toEqual([]);
    s.change();
    vi.advanceTimersByTime(0);
    expect(at).toEqual([5000]);
    // A burst within the second: one redo, a second after the last.
    vi.advanceTimersByTime(200);
    s.change();
    s.change();
    vi.advanceTimersByTime(799);
    expect(at).toEqual([5000]);
    vi.advanceTimersByTime(1);
    expect(at).toEqual([5000, 6000]);
    vi.advanceTimersByTime(10_000);
    expect(at).toEqual([5000, 6000]);
    off();
    expect(s.count()).toBe(0);
  });

  it('drops a redo still waiting when the follower goes', () => {
    vi.useFakeTimers({ now: 0 });
    const s = store();
    const redo = vi.fn();
    const off = followChanges(s.subscribe, redo, 1000);
    s.change();
    vi.advanceTimersByTime(0);
    s.change();
    off();
    vi.advanceTimersByTime(2000);
    expect(redo).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
