/**
 * Objects marked for a command (checkboxes, ctrl/shift-click), apart from the one selected
 * object the map and details follow: an operator can look at one while preparing many.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
let marked: ReadonlySet<number> = new Set();
const listeners = new Set<Listener>();

function set(next: ReadonlySet<number>) {
  marked = next;
  for (const l of listeners) l();
}

export const marks = {
  get: () => marked,
  set: (ids: Iterable<number>) => set(new Set(ids)),
  toggle: (id: number) => {
    const next = new Set(marked);
    if (!next.delete(id)) next.add(id);
    set(next);
  },
  add: (ids: Iterable<number>) => set(new Set([...marked, ...ids])),
  clear: () => {
    if (marked.size) set(new Set());
  },
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useMarked(): ReadonlySet<number> {
  return useSyncExternalStore(marks.subscribe, marks.get);
}

/** What a command goes to: the marked objects, else the selected one. */
export function commandTargets(selected: number | null, m: ReadonlySet<number>): number[] {
  if (m.size) return [...m];
  return selected === null ? [] : [selected];
}
