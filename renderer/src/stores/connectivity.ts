/**
 * Whether the service answers, as the core last pushed it: the header badge, the details
 * panel (a device's "online" is only as fresh as the last poll) and the address lookup
 * (asked again once the service answers) all read the same value.
 */
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { createStore, useStore } from './create-store';

const store = createStore<ConnectivityState | null>(null);

export const connectivity = {
  get: store.get,
  set: (next: ConnectivityState | null) => store.set(next),
  subscribe: store.subscribe,
};

/** Null until the core has answered once. */
export function useConnectivity(): ConnectivityState | null {
  return useStore(store);
}
