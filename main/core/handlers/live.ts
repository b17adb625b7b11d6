import type { HandlerMap } from '../rpc/dispatcher';
import type { SessionService } from '../session/session-service';
import type { ConnectivityTracker } from '../sync/connectivity';

/** Reads answer from the cache at once; the pollers keep it fresh and push deltas. */
export function liveHandlers(session: SessionService, connectivity: ConnectivityTracker): HandlerMap {
  return {
    'objects/list': () => {
      const { cache } = session.current();
      return { objects: cache.objects.list(), fetchedAt: cache.objects.fetchedAt() };
    },
    'status/snapshot': () => {
      const { cache } = session.current();
      return { ...cache.status.snapshot(), fetchedAt: cache.status.fetchedAt(), serverTime: null };
    },
    'connectivity/state': () => connectivity.state(),
  };
}
