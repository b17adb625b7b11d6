/** Which event kinds stay quiet (no beep, no desktop notification), kept across restarts (an operator mutes the noisy ones once). */
import { createStore, useStore } from '../stores/create-store';

const KEY = 'fleet.events.muted.v1';

export function parseMuted(raw: string | null): Set<number> {
  try {
    const v = JSON.parse(raw ?? '[]') as unknown;
    return new Set(Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
  } catch {
    return new Set();
  }
}

const store = createStore<ReadonlySet<number>>(parseMuted(typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY)));

export const soundPrefs = {
  get: store.get,
  isMuted: (bit: number) => store.get().has(bit),
  setMuted(bit: number, on: boolean) {
    const next = new Set(store.get());
    if (on) next.add(bit);
    else next.delete(bit);
    try {
      localStorage.setItem(KEY, JSON.stringify([...next]));
    } catch {
      /* storage unavailable: muted for this session only */
    }
    store.set(next);
  },
  subscribe: store.subscribe,
};

export function useMuted(): ReadonlySet<number> {
  return useStore(store);
}
