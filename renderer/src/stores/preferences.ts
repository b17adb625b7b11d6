/**
 * The operator's preferences (units, clock, zone rule, language, sounds, periods, tile source),
 * as the core keeps them: loaded at start, then fed by `settings/changed`, so a change made in
 * any window reaches every window at once. The formatting (ui/time.ts, ui/format.ts) reads it;
 * a view showing units or times calls `usePreferences()` so it re-renders on a change.
 * The last values are kept in localStorage only to paint the first frame right before the
 * core answers. Loading and saving through the core: settings/load.ts (this module stays pure,
 * so the formatting and its tests need no transport).
 */
import type { Preferences } from '../../../common/methods/settings';
import { PREFERENCE_DEFAULTS } from '../../../common/preference-defaults';
import { createStore, useStore } from './create-store';

/** What a new installation starts with (zod-free: this store is in the first bundle, decision 0085). */
export const DEFAULT_PREFERENCES: Preferences = PREFERENCE_DEFAULTS;

const KEY = 'fleet.preferences.v1';

function remembered(): Preferences {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Preferences> | null;
    return v && typeof v === 'object' ? { ...DEFAULT_PREFERENCES, ...v } : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

const same = (a: Preferences, b: Preferences) => (Object.keys(a) as (keyof Preferences)[]).every((k) => a[k] === b[k]);
const store = createStore<Preferences>(remembered(), same);

/** What else follows a preference: the language of every string, the tile source of every map. */
const followers = new Set<(now: Preferences, before: Preferences) => void>();

function apply(values: Preferences): void {
  const before = store.get();
  const next = { ...DEFAULT_PREFERENCES, ...values };
  // Followers first: the views that re-render on the set below read the new language already.
  for (const f of followers) f(next, before);
  store.set(next);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* storage unavailable: the core still has them */
  }
}

export const preferences = {
  get: store.get,
  subscribe: store.subscribe,
  /** The core's values (its reply or its push): stored, remembered, and every follower told. */
  apply,
  /** Runs `f` after every change, with the values before it; its removal. */
  follow(f: (now: Preferences, before: Preferences) => void): () => void {
    followers.add(f);
    return () => followers.delete(f);
  },
};

export function usePreferences(): Preferences {
  return useStore(store);
}
