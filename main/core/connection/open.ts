/**
 * One signed-in connection, built in one place: its cache file, HTTP clients, API, ingestor,
 * live sync, outage recovery, history, events, outbox, commands, geocoder and the reads the
 * screens make. The session opens one per profile and closes it; handlers reach the open
 * one through `session.current()` and only map contract methods onto it.
 */
import type { ConnectionProfile } from '../../../common/methods/session';
import { createApi, type FleetApi } from '../api';
import { CatalogueService } from '../catalogue';
import { CATALOGUE_KIND } from '../catalogue/pending';
import { FilesService } from '../files/service';
import { FILES_ATTACH_KIND } from '../files/pending';
import { bodyLimitsFrom } from '../api/body-limits';
import { eventsApi } from '../api/events';
import { geocoderApi } from '../api/geocoder';
import { objectsApi } from '../api/objects';
import { statusApi } from '../api/status';
import { openCache, type Cache, type SetAside } from '../cache';
import type { PushBus } from '../rpc/pushes';
import type { SettingsStore } from '../seams/settings';
import { startOfflineServices, type OfflineServices } from '../services';
import { GeozonesService } from '../services/geozones';
import { LiveReads } from '../services/live';
import type { Credentials } from '../session/credentials';
import type { ConnectivityTracker } from '../sync/connectivity';
import type { EventsApi } from '../sync/events-poll';
import { inThreadIngestor, workerIngestor, type Ingestor } from '../sync/ingest';
import type { WorkerScript } from '../workers/protocol';
import type { Spare } from '../workers/client';
import { createLiveSync, type LiveSync } from '../sync/live-sync';
import { createRecovery, probeService, type Recovery } from '../sync/recovery';
import { referenceSources } from '../sync/reference-sync';
import { outboxKind } from '../sync/outbox-replay';
import { connectionHttp } from './http';
import { onSettingChanged } from '../settings/watch';
import { startHistory, type ConnectionHistory } from './history';

export interface ConnectionDeps {
  dataDir: string;
  settings: SettingsStore;
  bus: PushBus;
  connectivity: ConnectivityTracker;
  /** Where big poll bodies and history windows are ingested off the event loop; in-thread when absent. */
  ingestWorker?: WorkerScript | undefined;
  /** An ingest thread already booted (session-service.ts), taken by this connection's ingestor. */
  spareIngest?: Spare | undefined;
  log: (msg: string, e?: unknown) => void;
}

export interface Connection extends OfflineServices {
  profile: ConnectionProfile;
  /** Where requests go (for the demo, the simulator's live address). */
  baseUrl: string;
  credentials: Credentials;
  api: FleetApi;
  /** The events poll's two bodies, fetched for the ingestor (kept in its worker when it has one). */
  eventsBodies: EventsApi;
  cache: Cache;
  sync: LiveSync;
  ingestor: Ingestor;
  /** Where per-connection pollers register to run at once when the service answers again. */
  recovery: Recovery;
  history: ConnectionHistory;
  live: LiveReads;
  geozones: GeozonesService;
  /** The Admin screen's collections (`../catalogue/`). */
  catalogue: CatalogueService;
  /** The Files view: device files found, saved, zipped and attached (`../files/`). */
  files: FilesService;
  /** The stored token was refused and no password is kept: the screens ask for it. */
  needsPassword: boolean;
  /**
   * Stops every poller, the workers and the history loads, and closes the cache file. Settles
   * once the ingest worker has written what it had answered (a new list: seconds at 50,000).
   */
  close(): Promise<void>;
}

export interface OpenConnection {
  profile: ConnectionProfile;
  baseUrl: string;
  credentials: Credentials;
  /** The cache's file name and login (the demo's cache is not keyed by its changing address). */
  cacheUrl: string;
  /** A cache file that could not be used was moved aside. */
  onSetAside: (s: SetAside) => void;
  /** In the background (another connection on screen): positions are polled less often, events as usual. */
  inBackground?: () => boolean;
  /** An events poll was stored: the session counts this connection's unacknowledged alarms again. */
  onEventsStored?: () => void;
}

/** A connection in the background polls positions at most this often; its events keep their own period. */
export const BACKGROUND_STATUS_MS = 60_000;

/** Builds and starts a connection; the cache is open (the last known fleet readable) when it returns. */
export function openConnection(d: ConnectionDeps, o: OpenConnection): Connection {
  const { profile, baseUrl, credentials } = o;
  const cache = openCache({ dataDir: d.dataDir, baseUrl: o.cacheUrl, login: profile.login, onSetAside: o.onSetAside });
  const ingestor = d.ingestWorker ? workerIngestor(d.ingestWorker, cache.file, d.spareIngest) : inThreadIngestor(cache);
  const bodyLimits = bodyLimitsFrom(d.settings.get('bodyLimitsMb'), d.settings.get('bodyMaxDepth'));
  // This connection's outcomes only: its requests that end after it closed say nothing of the next one's link.
  const connectivity = d.connectivity.begin();
  // The big bodies the ingestor decodes are fetched where they are decoded (worker-fetch.ts).
  const { http, addressHttp, bodyHttp, pollHttp, probeHttp } = connectionHttp({ baseUrl, credentials, bodyLimits, heldFetch: ingestor.fetch, onRetry: (e) => connectivity.retried(e) });
  const api = { ...createApi(http), geocoder: geocoderApi(addressHttp) };
  const recovery = createRecovery({ connectivity, probe: () => probeService(probeHttp) });
  const polled = { objects: objectsApi(pollHttp), status: statusApi(pollHttp), profile: objectsApi(bodyHttp) };
  const sync = createLiveSync({
    api: {
      listObjectsBody: () => polled.objects.listBody(),
      // Fetched here, as the event lists are: a few megabytes, asked while the worker stages a status.
      listObjectsLiteBody: () => api.objects.liteBody(),
      profileBody: () => polled.profile.profileBody(),
      reference: referenceSources(api),
      getObjectsStatusBody: () => polled.status.body(),
    },
    cache,
    ingestor,
    bus: d.bus,
    connectivity,
    recovery,
    statusPollMs: () => (o.inBackground?.() ? Math.max(BACKGROUND_STATUS_MS, d.settings.get('statusPollMs')) : d.settings.get('statusPollMs')),
    objectsRefreshMs: () => d.settings.get('objectsRefreshMs'),
    log: d.log,
  });
  connectivity.seed(cache.meta.allLastGood());
  // The event lists are fetched here and handed to the worker as bytes: asked while the worker
  // stages a status, a fetch of its own waited for that stage (half a second at 50,000 objects)
  // before the request went out. They are a few megabytes, not the status's tens.
  const eventsBodies = eventsApi(http);

  sync.start();
  const history = startHistory({ api, cache, bus: d.bus, worker: d.ingestWorker, isOffline: () => connectivity.knownOffline() });
  const catalogue = new CatalogueService({
    api,
    cache,
    changed: (collection) => d.bus.emit('catalogue/changed', { collection }),
    replayed: (collection) => collection === 'geozones' && d.bus.emit('geozones/changed', { id: null, change: 'updated' }),
  });
  const files = new FilesService({ api, cache, isOffline: () => connectivity.knownOffline(), body: (uid) => history.history.extras.file(uid), attached: (p) => d.bus.emit('files/attached', p) });
  const kinds = { [CATALOGUE_KIND]: catalogue.outboxKind(), [FILES_ATTACH_KIND]: outboxKind(files.outboxKind()) };
  const stored = o.onEventsStored;
  const eventsIngestor: Pick<Ingestor, 'events'> = stored ? { events: (...a) => ingestor.events(...a).finally(stored) } : ingestor;
  const offline = startOfflineServices({ api, eventsBodies, cache, ingestor: eventsIngestor, recovery, bus: d.bus, connectivity, settings: d.settings, log: d.log, kinds, afterPositions: sync.positionsFetched, beforeFullList: sync.namesAhead });
  catalogue.attach({ flush: () => void offline.services.outbox.flush(), outboxChanged: offline.services.changed, abandon: (id) => void offline.services.outbox.abandon(id) });
  files.attachOutbox({ flush: () => void offline.services.outbox.flush(), changed: offline.services.changed });
  // A period changed on the Settings screen: the runs already waiting move to it, not a period later.
  const unwatch = onSettingChanged(d.settings, (key) => {
    if (key === 'statusPollMs' || key === 'objectsRefreshMs') sync.retime();
    if (key === 'eventsPollMs' || key === 'outcomePollMs') offline.retime();
  });
  return {
    ...offline.services,
    profile,
    baseUrl,
    credentials,
    api,
    eventsBodies,
    cache,
    sync,
    ingestor,
    recovery,
    history: history.history,
    live: new LiveReads(cache, ingestor, { provisionalList: () => sync.provisionalList() }),
    geozones: new GeozonesService(api, cache, { bus: d.bus, catalogue }),
    catalogue,
    files,
    needsPassword: false,
    close() {
      unwatch();
      connectivity.end();
      history.stop();
      offline.stop();
      recovery.stop();
      sync.stop();
      cache.close();
      return ingestor.close();
    },
  };
}
