/**
 * Finished report tables, kept by report, objects and interval in their own SQLite file
 * beside the connection's cache (one per server and login, as the cache is), so a report
 * opens offline with its age. Its own file rather than a cache migration: a table of
 * whole results has no rows to share with the cache, and its loss costs only a re-run.
 */
import { createHash } from 'node:crypto';
import type { ReportKind, ReportTable } from '../../../common/methods/reports';
import { openDb, type Db } from '../cache/db';
import type { Migration } from '../cache/migrations/index';

const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'reports_001_results',
    sql: /* sql */ `
CREATE TABLE results (
  key        TEXT    PRIMARY KEY,
  kind       TEXT    NOT NULL,
  from_ms    INTEGER NOT NULL,
  till_ms    INTEGER NOT NULL,
  objects    INTEGER NOT NULL,
  fetched_at INTEGER NOT NULL,
  body       TEXT    NOT NULL
);
CREATE TABLE dashboards (
  key        TEXT    PRIMARY KEY,
  fetched_at INTEGER NOT NULL,
  body       TEXT    NOT NULL
);`,
  },
];

/** The key of a request: the same objects in any order are the same report. */
export function reportKey(kind: ReportKind | 'dashboard', objectIds: readonly number[], from: number, till: number): string {
  const ids = [...new Set(objectIds)].sort((a, b) => a - b).join(',');
  return `${kind}:${from}:${till}:${createHash('sha1').update(ids).digest('hex').slice(0, 20)}`;
}

export { reportsFileFor } from '../cache/files';

/** How many results are kept: the oldest go first, so the file stays small. */
const KEEP = 200;

/**
 * Opened for each read or write and closed again: a sign-out that forgets the server
 * deletes this file beside the cache (cache/files.ts), and no handle may hold it then.
 */
export class ReportStore {
  constructor(readonly file: string) {}

  private use<T>(fn: (db: Db) => T): T {
    const db = openDb(this.file, { migrations: MIGRATIONS });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  }

  get(key: string): ReportTable | null {
    const row = this.use((db) => db.prepare('SELECT body FROM results WHERE key = ?').get(key) as { body: string } | undefined);
    return row ? (JSON.parse(row.body) as ReportTable) : null;
  }

  put(t: ReportTable): void {
    this.use((db) => {
      db.prepare('INSERT OR REPLACE INTO results (key, kind, from_ms, till_ms, objects, fetched_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        t.key, t.kind, t.from, t.till, t.objectIds.length, t.fetchedAt, JSON.stringify(t),
      );
      db.prepare('DELETE FROM results WHERE key NOT IN (SELECT key FROM results ORDER BY fetched_at DESC LIMIT ?)').run(KEEP);
    });
  }

  getDashboard<T>(key: string): { fetchedAt: number; body: T } | null {
    const row = this.use((db) => db.prepare('SELECT fetched_at, body FROM dashboards WHERE key = ?').get(key) as { fetched_at: number; body: string } | undefined);
    return row ? { fetchedAt: row.fetched_at, body: JSON.parse(row.body) as T } : null;
  }

  putDashboard(key: string, fetchedAt: number, body: unknown): void {
    this.use((db) => {
      db.prepare('INSERT OR REPLACE INTO dashboards (key, fetched_at, body) VALUES (?, ?, ?)').run(key, fetchedAt, JSON.stringify(body));
      db.prepare('DELETE FROM dashboards WHERE key NOT IN (SELECT key FROM dashboards ORDER BY fetched_at DESC LIMIT ?)').run(KEEP);
    });
  }
}
