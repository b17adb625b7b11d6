/**
 * The SQLite cache: one database file per (base URL, login). See README.md.
 *
 * Everything here is synchronous and takes its Database handle explicitly, so the whole
 * cache can run inside a worker thread; there is no module-level state.
 */
import { ensurePrivateDir } from '../seams/private-files';
import { cacheFileFor } from './files';
import { setAsideCache, unusableReason, type SetAside } from './recover';
import { openDb, type Db, type OpenDbOptions } from './db';
import { MetaRepo } from './meta';
import { ObjectsRepo } from './objects';
import { ObjectsNext } from './objects-next';
import { StatusRepo } from './status';
import { CoverageRepo } from './coverage';
import { EventsRepo } from './events';
import { GeocodeRepo, type GeocodeOptions } from './geocode';
import { HistoryRepo } from './history';
import { OutboxRepo } from './outbox';
import { ProfileRepo } from './profile';
import { ReferenceRepo } from './reference';
import { TrackRepo } from './track';
export { GrowingColumns } from './growing-columns';

export { cacheFileFor, cacheFileName, deleteCacheFiles, normaliseBaseUrl, normaliseLogin, spoolPrefixOf } from './files';
export { openDb, migrate, appliedMigrations, type Db, type AppliedMigration, type OpenDbOptions } from './db';
export { CacheSchemaMismatchError, CacheUnsupportedPlatformError } from './errors';
export { unusableReason, type SetAside } from './recover';
export { MIGRATIONS, type Migration } from './migrations/index';
export { MetaRepo } from './meta';
export { ObjectsRepo, OBJECTS_DATASET, prepareList, prepareRows, listRow, listJsonOf, ignitionPairs, type JsonText, type ListRow, type PreparedList } from './objects';
export { ObjectsNext } from './objects-next';
export { StatusRepo, STATUS_DATASET } from './status';
export { emptyPositionColumns, wholeStatus, type StatusChanges, type PosRow } from './status-rows';
export { CoverageRepo, HISTORY_KIND, type Interval } from './coverage';
export { EventsRepo, UNACKED_DATASET, type StoredEvent, type UnackedChange } from './events';
export { GeocodeRepo, geocodeKey, type GeocodeOptions, type LatLng } from './geocode';
export { HistoryRepo, type SensorSeries } from './history';
export { OutboxRepo, type OutboxEntry } from './outbox';
export { ProfileRepo } from './profile';
export { ReferenceRepo, REFERENCE_KINDS, referenceDataset, defaultKey, type ReferenceKind } from './reference';
export {
  TrackRepo,
  HOUR_MS,
  OVERVIEW_METRES,
  emptyTrackColumns,
  emptyWireTrack,
  pickTrackColumns,
  trackColumnsFromPoints,
  trackColumnsFromIntervals,
  type TrackColumns,
} from './track';

export interface OpenCacheOptions extends Omit<OpenDbOptions, 'now'> {
  /** Folder of the cache files; created if missing. */
  dataDir: string;
  baseUrl: string;
  login: string;
  /** Clock (Unix ms) for TTLs and timestamps; tests inject one. Default Date.now. */
  now?: () => number;
  /** TTLs of the geocode cache. */
  geocode?: Omit<GeocodeOptions, 'now'>;
  /**
   * A damaged or newer file is moved aside and a fresh cache opened; this hears where the
   * copy went. Without it, such a file is refused with the error (nothing is moved).
   */
  onSetAside?: (s: SetAside) => void;
}

export interface Cache {
  /** Absolute path of the database file. */
  readonly file: string;
  /** The underlying handle, for repositories added by other modules and for tests. */
  readonly db: Db;
  readonly meta: MetaRepo;
  readonly objects: ObjectsRepo;
  /** A new object list staged as it is read, then moved into `objects` (decision 0060). */
  readonly objectsNext: ObjectsNext;
  readonly status: StatusRepo;
  readonly profile: ProfileRepo;
  readonly reference: ReferenceRepo;
  readonly events: EventsRepo;
  readonly tracks: TrackRepo;
  readonly history: HistoryRepo;
  readonly coverage: CoverageRepo;
  readonly geocode: GeocodeRepo;
  readonly outbox: OutboxRepo;
  /** Runs `fn` in one write transaction (repository calls inside join it). */
  transaction<T>(fn: () => T): T;
  /** PRAGMA integrity_check: 'ok' or the problems found. */
  integrityCheck(): string;
  close(): void;
}

export function openCache(opts: OpenCacheOptions): Cache {
  ensurePrivateDir(opts.dataDir);
  const file = cacheFileFor(opts.dataDir, opts.baseUrl, opts.login);
  const now = opts.now ?? Date.now;
  let db: Db;
  try {
    db = openDb(file, { ...opts, now });
  } catch (e) {
    const reason = unusableReason(e);
    if (!reason || !opts.onSetAside) throw e;
    const aside = setAsideCache(file, reason, e, now());
    db = openDb(file, { ...opts, now });
    opts.onSetAside(aside);
  }
  return createCache(db, file, { now, geocode: opts.geocode });
}

/** Builds the repositories over an already opened and migrated database. */
export function createCache(
  db: Db,
  file: string,
  opts: { now?: () => number; geocode?: Omit<GeocodeOptions, 'now'> } = {},
): Cache {
  const now = opts.now ?? Date.now;
  const meta = new MetaRepo(db);
  const tracks = new TrackRepo(db);
  const events = new EventsRepo(db, meta);
  const objects = new ObjectsRepo(db, meta);
  return {
    file,
    db,
    meta,
    objects,
    objectsNext: new ObjectsNext(db, meta),
    status: new StatusRepo(db, meta, objects),
    profile: new ProfileRepo(db),
    reference: new ReferenceRepo(db, meta),
    events,
    tracks,
    history: new HistoryRepo(db, tracks, events),
    coverage: new CoverageRepo(db),
    geocode: new GeocodeRepo(db, { ...opts.geocode, now }),
    outbox: new OutboxRepo(db, now),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
    integrityCheck: () => (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('\n'),
    close: () => {
      if (db.open) db.close();
    },
  };
}
