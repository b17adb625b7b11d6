import type { ActiveSession, SessionService } from '../session/session-service';
import type { HandlerMap } from '../rpc/dispatcher';
import type { PushBus } from '../rpc/pushes';
import { HistoryExtras, HistoryService } from '../history';
import { FleetError } from '../../../common/errors';
import type { WorkerScript } from '../workers/protocol';
import { filesHandlers } from './files';

export interface HistoryServices {
  loader: HistoryService;
  extras: HistoryExtras;
}

/**
 * One loader per open connection (its worker, learned window limits and running loads
 * end with the connection). Keyed by the session object, so a handler never reaches the
 * loader of a connection that has since closed.
 */
export function historyServices(
  session: SessionService,
  bus: PushBus,
  worker?: WorkerScript,
  isOffline?: () => boolean,
): (s: ActiveSession) => HistoryServices {
  const byActive = new WeakMap<ActiveSession, HistoryServices>();
  session.use((active) => {
    const services: HistoryServices = {
      loader: new HistoryService({ api: active.api, cache: active.cache, bus, ...(worker ? { worker } : {}), ...(isOffline ? { isOffline } : {}) }),
      extras: new HistoryExtras({ api: active.api, cache: active.cache }),
    };
    byActive.set(active, services);
    // Loads that stopped on a failure fetch their missing windows once the service answers
    // again: on the change to online only (the tracker also pushes every good answer).
    let was: string | undefined;
    const off = bus.subscribe((env) => {
      if (env.name !== 'connectivity/changed') return;
      const now = (env.args as { state?: string } | undefined)?.state;
      if (now === 'online' && was !== undefined && was !== 'online') services.loader.resumeAll();
      was = now;
    });
    return () => {
      off();
      services.loader.close();
    };
  });
  return (s) => {
    const h = byActive.get(s);
    if (!h) throw new FleetError('unauthorized', 'Not signed in');
    return h;
  };
}

/**
 * history/* and files/get (file bodies share the history services). `worker`: the ingest
 * worker's entry, which also parses and stores history windows off the event loop.
 */
export function historyHandlers(session: SessionService, bus: PushBus, worker?: WorkerScript, isOffline?: () => boolean): HandlerMap {
  const of = historyServices(session, bus, worker, isOffline);
  const cur = () => of(session.current());
  return {
    'history/load': (a) => cur().loader.load(a.objectId, a.from, a.till),
    'history/read': (a) => cur().loader.read(a.objectId, a.from, a.till),
    'history/overview': (a) => cur().loader.overview(a.objectId, a.from, a.till, a.maxPoints),
    'history/cancel': (a) => ({ cancelled: cur().loader.cancel(a.loadId) }),
    'history/resume': (a) => ({ resumed: cur().loader.resume(a.loadId) }),
    'history/placeAt': (a) => cur().loader.placeAt(a.objectId, a.time),
    'history/dailyStat': (a) => (a.cachedOnly ? cur().extras.kept('dailyStat', a.objectId, a.from, a.till) : cur().extras.catalogue('dailyStat', a.objectId, a.from, a.till)),
    'history/driverSessions': (a) => cur().extras.catalogue('driverSessions', a.objectId, a.from, a.till),
    'history/parkingMoto': (a) => cur().extras.catalogue('parkingMoto', a.objectId, a.from, a.till),
    'history/packets': (a) => cur().extras.packets(a.objectId, a.from, a.till),
    ...filesHandlers(session, of),
  };
}
