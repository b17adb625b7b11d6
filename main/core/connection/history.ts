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

/** How long after the launch's first read the history threads start. */
export const HISTORY_THREADS_AFTER_MS = 2000;

export function startHistory(o: {
  api: FleetApi;
  cache: Cache;
  bus: PushBus;
  /** The worker entry that also parses and stores history windows off the event loop. */
  worker?: WorkerScript | undefined;
  isOffline?: () => boolean;
  /** Settles when the launch's own work is done (the ingestor's first read); the history threads start a moment after. */
  launched?: Promise<void>;
}): { history: ConnectionHistory; stop: () => void } {
  const { api, cache, bus, worker, isOffline } = o;
  const history: ConnectionHistory = {
    loader: new HistoryService({ api, cache, bus, ...(worker ? { worker } : {}), ...(isOffline ? { isOffline } : {}) }),
    extras: new HistoryExtras({ api, cache }),
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
  // After the first screen has drawn what it read, as far as can be told from here.
  let later: NodeJS.Timeout | undefined;
  void o.launched?.then(() => {
    later = setTimeout(() => history.loader.startWorkers(), HISTORY_THREADS_AFTER_MS);
    later.unref();
  });
  return {
    history,
    stop: () => {
      clearTimeout(later);
      off();
      history.loader.close();
    },
  };
}
