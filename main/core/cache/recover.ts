/**
 * Opening a cache that cannot be used as it is: a file that is not a database, a damaged
 * one, or one a newer version migrated. The cache is only a copy of the service's data, so
 * the file (with its -wal and -shm) is moved aside under a name that says why, never
 * deleted, and a fresh cache is started; the caller tells the user where the copy is.
 * Queued writes in the old file stay in the copy: the notice says so.
 */
import { existsSync, renameSync } from 'node:fs';
import { CacheSchemaMismatchError } from './errors';

export interface SetAside {
  reason: 'damaged' | 'newer';
  /** Where the old file is now. */
  keptCopy: string;
  /** What SQLite or the migration check said. */
  error: string;
}

const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);

/** Whether `e` says the file is unusable as a cache (rather than busy, full or unreadable). */
export function unusableReason(e: unknown): SetAside['reason'] | null {
  if (e instanceof CacheSchemaMismatchError) return 'newer';
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGE_CODES.has(code) ? 'damaged' : null;
}

export function setAsideCache(file: string, reason: SetAside['reason'], e: unknown, at: number): SetAside {
  const keptCopy = `${file}.${reason}-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
  // -wal before the main file: a copy with its WAL beside it opens as it was.
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, keptCopy + suffix);
  }
  renameSync(file, keptCopy);
  return { reason, keptCopy, error: e instanceof Error ? e.message : String(e) };
}
