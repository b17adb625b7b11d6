/**
 * The selected object, shared by map, list, details and every other window of the app:
 * windows of one origin talk over a BroadcastChannel (Electron windows and browser tabs alike).
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
let selected: number | null = null;
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('fleet.selection') : null;

function set(id: number | null, broadcast: boolean) {
  if (id === selected) return;
  selected = id;
  for (const l of listeners) l();
  if (broadcast) channel?.postMessage({ selected: id });
}

channel?.addEventListener('message', (e: MessageEvent<{ selected: number | null }>) => set(e.data.selected, false));

export const selection = {
  get: () => selected,
  set: (id: number | null) => set(id, true),
  /** A new session: every window resets on its own, so nothing is broadcast. */
  clear: () => set(null, false),
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useSelected(): number | null {
  return useSyncExternalStore(selection.subscribe, selection.get);
}
