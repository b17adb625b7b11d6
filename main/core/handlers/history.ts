import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

/** history/* and files/get: file bodies come from the history services (downloaded once, then from the cache). */
export function historyHandlers(current: () => Connection): HandlerMap {
  const loader = () => current().history.loader;
  const extras = () => current().history.extras;
  return {
    'history/load': (a) => loader().load(a.objectId, a.from, a.till),
    'history/read': (a) => loader().read(a.objectId, a.from, a.till),
    'history/overview': (a) => loader().overview(a.objectId, a.from, a.till, a.maxPoints),
    'history/cancel': (a) => ({ cancelled: loader().cancel(a.loadId) }),
    'history/resume': (a) => ({ resumed: loader().resume(a.loadId) }),
    'history/placeAt': (a) => loader().placeAt(a.objectId, a.time),
    'history/dailyStat': (a) => extras().dailyStat(a.objectId, a.from, a.till, a.cachedOnly),
    'history/driverSessions': (a) => extras().catalogue('driverSessions', a.objectId, a.from, a.till),
    'history/parkingMoto': (a) => extras().catalogue('parkingMoto', a.objectId, a.from, a.till),
    'history/packets': (a) => extras().packets(a.objectId, a.from, a.till),
    'files/get': (a) => extras().file(a.uid),
  };
}
