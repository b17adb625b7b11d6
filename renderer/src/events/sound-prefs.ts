/** Which event kinds stay quiet (no beep, no desktop notification), kept across restarts (an operator mutes the noisy ones once). */
import { useSyncExternalStore } from 'react';

const KEY = 'fleet.events.muted.v1';
type Listener = () => void;
const listeners = new Set<Listener>();

export function parseMuted(raw: string | null): Set<number> {
  try {
    const v = JSON.parse(raw ?? '[]') as unknown;
    return new Set(Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
  } catch {
    return new Set();
  }
}

let muted: ReadonlySet<number> = parseMuted(typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY));

export const soundPrefs = {
  get: () => muted,
  isMuted: (bit: number) => muted.has(bit),
  setMuted(bit: number, on: boolean) {
    const next = new Set(muted);
    if (on) next.add(bit);
    else next.delete(bit);
    muted = next;
    try {
      localStorage.setItem(KEY, JSON.stringify([...next]));
    } catch {
      /* storage unavailable: muted for this session only */
    }
    for (const l of listeners) l();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useMuted(): ReadonlySet<number> {
  return useSyncExternalStore(soundPrefs.subscribe, soundPrefs.get);
}
