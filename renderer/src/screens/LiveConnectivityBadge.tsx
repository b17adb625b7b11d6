import { useSyncExternalStore } from 'react';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { fleetStore } from '../stores/fleet-store';
import { ConnectivityBadge } from '../ui/ConnectivityBadge';

/**
 * The connection and the age of the positions, in the app bar and on each panel window.
 * The badge alone follows the fleet store (the positions' age): subscribed in the shell, every
 * poll of 50,000 objects re-rendered the whole screen under it, map, list, details and events.
 */
export function LiveConnectivityBadge({ state, server }: { state: ConnectivityState | null; server?: string }) {
  const fetchedAt = useSyncExternalStore(fleetStore.subscribe, () => fleetStore.positionsFetchedAt);
  return <ConnectivityBadge state={state} dataTime={fetchedAt} server={server} />;
}
