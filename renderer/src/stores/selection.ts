/**
 * The selected object, shared by map, list, details and every other window of the app:
 * windows of one origin talk over a BroadcastChannel (Electron windows and browser tabs alike).
 */
import { createStore, useStore } from './create-store';

const store = createStore<number | null>(null);
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('fleet.selection') : null;

function set(id: number | null, broadcast: boolean) {
  if (id === store.get()) return;
  store.set(id);
  if (broadcast) channel?.postMessage({ selected: id });
}

channel?.addEventListener('message', (e: MessageEvent<{ selected: number | null }>) => set(e.data.selected, false));

export const selection = {
  get: store.get,
  set: (id: number | null) => set(id, true),
  /** A new session: every window resets on its own, so nothing is broadcast. */
  clear: () => set(null, false),
  subscribe: store.subscribe,
};

export function useSelected(): number | null {
  return useStore(store);
}
