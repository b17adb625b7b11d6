import { useSyncExternalStore } from 'react';

interface Clock {
  get: () => number;
  subscribe: (l: () => void) => () => void;
}

const clocks = new Map<number, Clock>();

/**
 * One clock per period, shared by every view that asks for it: the list, the details and the
 * connection badge read the same "now" (two ages of one object never disagree on screen), and
 * React renders them in one pass a tick instead of one each, at moments of their own.
 */
export function sharedClock(periodMs: number): Clock {
  const known = clocks.get(periodMs);
  if (known) return known;
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | null = null;
  const listeners = new Set<() => void>();
  const clock: Clock = {
    get: () => now,
    subscribe(l) {
      if (listeners.size === 0) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const f of listeners) f();
        }, periodMs);
      }
      listeners.add(l);
      return () => {
        listeners.delete(l);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
  clocks.set(periodMs, clock);
  return clock;
}

/** A clock for "… ago" labels, ticking once per period rather than per render. */
export function useNow(periodMs = 1000): number {
  const clock = sharedClock(periodMs);
  return useSyncExternalStore(clock.subscribe, clock.get);
}
