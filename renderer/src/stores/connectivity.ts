/**
 * Whether the service answers, as the core last pushed it: the header badge, the details
 * panel (a device's "online" is only as fresh as the last poll) and the address lookup
 * (asked again once the service answers) all read the same value.
 */
import { useSyncExternalStore } from 'react';
import type { ConnectivityState } from '../../../common/methods/connectivity';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ConnectivityState | null = null;

export const connectivity = {
  get: (): ConnectivityState | null => current,
  set(next: ConnectivityState | null) {
    current = next;
    for (const l of listeners) l();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** Null until the core has answered once. */
export function useConnectivity(): ConnectivityState | null {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get);
}
