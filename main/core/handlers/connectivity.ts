import type { HandlerMap } from '../rpc/dispatcher';
import type { ConnectivityTracker } from '../sync/connectivity';

/** The foreground connection's link (each open connection judges its own); signed out, an idle one. */
export function connectivityHandlers(connectivity: Pick<ConnectivityTracker, 'state'>): HandlerMap {
  return {
    'connectivity/state': () => connectivity.state(),
  };
}
