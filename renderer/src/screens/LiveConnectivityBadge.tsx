import type { ConnectivityState } from '../../../common/methods/connectivity';
import { fleetStore } from '../stores/fleet-store';
import { useFleetVersion } from '../stores/use-fleet-version';
import { ConnectivityBadge } from '../ui/ConnectivityBadge';

/**
 * The connection and the age of the positions, in the app bar and on each panel window.
 * The badge alone follows the fleet store (the positions' age): subscribed in the shell, every
 * poll of 50,000 objects re-rendered the whole screen under it, map, list, details and events.
 */
export function LiveConnectivityBadge({ state, server }: { state: ConnectivityState | null; server?: string }) {
  // Follows each poll in a task of its own (decision 0068).
  useFleetVersion();
  return <ConnectivityBadge state={state} dataTime={fleetStore.positionsFetchedAt} server={server} />;
}
