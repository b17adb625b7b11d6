import type { ConnectivityState } from '../../../common/methods/connectivity';
import { useConnectivity } from '../stores/connectivity';

/**
 * The connectivity the shell shows. The fleet store and the connectivity are fed from the
 * moment a session is known (App.tsx, stores/push-feeds.ts), not from the shell's mount, so
 * the list and the positions are on their way while the shell first renders.
 */
export function useLiveFleet(): ConnectivityState | null {
  return useConnectivity();
}
