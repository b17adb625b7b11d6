/**
 * The history services of one connection: its loader (with its workers, learned window
 * limits and running loads, all ended with the connection) and the catalogue, packets and
 * file bodies.
 */
import type { FleetApi } from '../api';
import type { Cache } from '../cache';
import { HistoryExtras, HistoryService } from '../history';
import type { PushBus } from '../rpc/pushes';
import type { WorkerScript } from '../workers/protocol';

export interface ConnectionHistory {
  loader: HistoryService;
  extras: HistoryExtras;
}

export function startHistory(o: {
  api: FleetApi;
  cache: Cache;
  bus: PushBus;
  /** The worker entry that also parses and stores history windows off the event loop. */
  worker?: WorkerScript | undefined;
  isOffline?: () => boolean;
}): { history: ConnectionHistory; stop: () => void } {
  const { api, cache, bus, worker, isOffline } = o;
  const history: ConnectionHistory = {
    loader: new HistoryService({ api, cache, bus, ...(worker ? { worker } : {}), ...(isOffline ? { isOffline } : {}) }),
    extras: new HistoryExtras({ api, cache, ...(isOffline ? { isOffline } : {}) }),
  };
  // Loads that stopped on a failure fetch their missing windows once the service answers
  // again: on the change to online only (the tracker also pushes every good answer).
  let was: string | undefined;
  const off = bus.subscribe((env) => {
    if (env.name !== 'connectivity/changed') return;
    const now = (env.args as { state?: string } | undefined)?.state;
    if (now === 'online' && was !== undefined && was !== 'online') history.loader.resumeAll();
    was = now;
  });
  return {
    history,
    stop: () => {
      off();
      history.loader.close();
    },
  };
}
