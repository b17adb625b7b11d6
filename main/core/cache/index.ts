/**
 * The SQLite cache: one database file per (base URL, login). See README.md.
 *
 * Everything here is synchronous and takes its Database handle explicitly, so the whole
 * cache can run inside a worker thread; there is no module-level state.
 */
import { mkdirSync } from 'node:fs';
import { cacheFileFor } from './files';
import { openDb, type Db, type OpenDbOptions } from './db';
import { MetaRepo } from './meta';
import { ObjectsRepo } from './objects';
import { StatusRepo } from './status';

export { cacheFileFor, cacheFileName, deleteCacheFiles, normaliseBaseUrl, normaliseLogin } from './files';
export { openDb, migrate, appliedMigrations, type Db, type AppliedMigration, type OpenDbOptions } from './db';
export { CacheSchemaMismatchError, CacheUnsupportedPlatformError } from './errors';
export { MIGRATIONS, type Migration } from './migrations/index';
export { MetaRepo } from './meta';
export { ObjectsRepo, OBJECTS_DATASET } from './objects';
export { StatusRepo, STATUS_DATASET, emptyPositionColumns } from './status';

export interface OpenCacheOptions extends Omit<OpenDbOptions, 'now'> {
  /** Folder of the cache files; created if missing. */
  dataDir: string;
  baseUrl: string;
  login: string;
  /** Clock (Unix ms) for TTLs and timestamps; tests inject one. Default Date.now. */
  now?: () => number;
}

export interface Cache {
  /** Absolute path of the database file. */
  readonly file: string;
  /** The underlying handle, for repositories added by other modules and for tests. */
  readonly db: Db;
  readonly meta: MetaRepo;
  readonly objects: ObjectsRepo;
  readonly status: StatusRepo;
  /** PRAGMA integrity_check: 'ok' or the problems found. */
  integrityCheck(): string;
  close(): void;
}

export function openCache(opts: OpenCacheOptions): Cache {
  mkdirSync(opts.dataDir, { recursive: true });
  const file = cacheFileFor(opts.dataDir, opts.baseUrl, opts.login);
  const now = opts.now ?? Date.now;
  const db = openDb(file, { ...opts, now });
  return createCache(db, file, now);
}

/** Builds the repositories over an already opened and migrated database. */
export function createCache(db: Db, file: string, _now: () => number = Date.now): Cache {
  const meta = new MetaRepo(db);
  return {
    file,
    db,
    meta,
    objects: new ObjectsRepo(db, meta),
    status: new StatusRepo(db, meta),
    integrityCheck: () => (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('\n'),
    close: () => {
      if (db.open) db.close();
    },
  };
}
