/**
 * Opening a cache database: pragmas and migrations. No global state: every function takes
 * or returns a Database handle, so the same code runs in the main thread or a worker.
 */
import Database from 'better-sqlite3';
import { createPrivateFile, tightenFile } from '../seams/private-files';
import { CacheSchemaMismatchError } from './errors';
import { MIGRATIONS, type Migration } from './migrations/index';

export type Db = Database.Database;

export interface OpenDbOptions {
  /** Milliseconds a statement waits for another connection's lock. Default 5000. */
  busyTimeoutMs?: number;
  /** Known migrations; tests pass other lists. Default: MIGRATIONS. */
  migrations?: readonly Migration[];
  /** Clock for applied_at. */
  now?: () => number;
}

export function openDb(file: string, opts: OpenDbOptions = {}): Db {
  // Created 0600 before SQLite opens it: SQLite gives -wal and -shm the main file's mode.
  if (file !== ':memory:') {
    createPrivateFile(file);
    for (const f of [`${file}-wal`, `${file}-shm`]) tightenFile(f);
  }
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(opts.busyTimeoutMs ?? 5000))}`);
    db.pragma('foreign_keys = ON');
    db.pragma('temp_store = MEMORY');
    // Each of the host's threads has its own connection, and the OS caches the file anyway: 8 MB
    // a connection writes a 100,000-object list or status as fast as 32 MB did (decision 0048).
    db.pragma('cache_size = -8000');
    migrate(db, file, opts.migrations ?? MIGRATIONS, opts.now ?? Date.now);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

export interface AppliedMigration {
  id: number;
  name: string;
  applied_at: number;
}

export function appliedMigrations(db: Db): AppliedMigration[] {
  return db.prepare('SELECT id, name, applied_at FROM schema_migrations ORDER BY id').all() as AppliedMigration[];
}

/**
 * Applies the known migrations the database lacks, all in one transaction together with
 * their records (a failure leaves the database as it was). Refuses (CacheSchemaMismatchError) a database whose applied list is not
 * a prefix of `known`, compared by id and name.
 */
export function migrate(db: Db, file: string, known: readonly Migration[], now: () => number = Date.now): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  // Read the list and apply under one write lock, so two processes opening the same new
  // file cannot both apply 001.
  const run = db.transaction(() => {
    const applied = appliedMigrations(db);
    const isPrefix =
      applied.length <= known.length && applied.every((a, i) => a.id === known[i]?.id && a.name === known[i]?.name);
    if (!isPrefix) throw new CacheSchemaMismatchError(file, applied, known);
    const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
    for (const m of known.slice(applied.length)) {
      db.exec(m.sql);
      record.run(m.id, m.name, now());
    }
  });
  run.immediate();
}
