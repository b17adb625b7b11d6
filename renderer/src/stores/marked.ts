/**
 * Objects marked for a command (checkboxes, ctrl/shift-click), apart from the one selected
 * object the map and details follow: an operator can look at one while preparing many.
 */
import { createStore, useStore } from './create-store';

const store = createStore<ReadonlySet<number>>(new Set());
const set = (next: ReadonlySet<number>) => store.set(next);

export const marks = {
  get: store.get,
  set: (ids: Iterable<number>) => set(new Set(ids)),
  toggle: (id: number) => {
    const next = new Set(store.get());
    if (!next.delete(id)) next.add(id);
    set(next);
  },
  add: (ids: Iterable<number>) => set(new Set([...store.get(), ...ids])),
  clear: () => {
    if (store.get().size) set(new Set());
  },
  subscribe: store.subscribe,
};

export function useMarked(): ReadonlySet<number> {
  return useStore(store);
}

/** What a command goes to: the marked objects, else the selected one. */
export function commandTargets(selected: number | null, m: ReadonlySet<number>): number[] {
  if (m.size) return [...m];
  return selected === null ? [] : [selected];
}
