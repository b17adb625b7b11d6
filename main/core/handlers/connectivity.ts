import type { HandlerMap } from '../rpc/dispatcher';
import type { ConnectivityTracker } from '../sync/connectivity';

/** One tracker for the app: it outlives connections, so it answers signed out too. */
export function connectivityHandlers(connectivity: ConnectivityTracker): HandlerMap {
  return {
    'connectivity/state': () => connectivity.state(),
  };
}
