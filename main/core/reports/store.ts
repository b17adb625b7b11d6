/**
 * Finished report tables, kept by report, objects and interval in their own SQLite file
 * beside the connection's cache (one per server and login, as the cache is), so a report
 * opens offline with its age. Its own file rather than a cache migration: a table of
 * whole results has no rows to share with the cache, and its loss costs only a re-run.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
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

export function reportsFileFor(cacheFile: string): string {
  return join(dirname(cacheFile), `${basename(cacheFile).replace(/\.(sqlite|db)$/i, '')}.reports.sqlite`);
}

/** How many results are kept: the oldest go first, so the file stays small. */
const KEEP = 200;

export class ReportStore {
  private readonly db: Db;
  constructor(readonly file: string) {
    this.db = openDb(file, { migrations: MIGRATIONS });
  }

  get(key: string): ReportTable | null {
    const row = this.db.prepare('SELECT body FROM results WHERE key = ?').get(key) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as ReportTable) : null;
  }

  put(t: ReportTable): void {
    this.db
      .prepare('INSERT OR REPLACE INTO results (key, kind, from_ms, till_ms, objects, fetched_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(t.key, t.kind, t.from, t.till, t.objectIds.length, t.fetchedAt, JSON.stringify(t));
    this.db.prepare('DELETE FROM results WHERE key NOT IN (SELECT key FROM results ORDER BY fetched_at DESC LIMIT ?)').run(KEEP);
  }

  getDashboard<T>(key: string): { fetchedAt: number; body: T } | null {
    const row = this.db.prepare('SELECT fetched_at, body FROM dashboards WHERE key = ?').get(key) as { fetched_at: number; body: string } | undefined;
    return row ? { fetchedAt: row.fetched_at, body: JSON.parse(row.body) as T } : null;
  }

  putDashboard(key: string, fetchedAt: number, body: unknown): void {
    this.db.prepare('INSERT OR REPLACE INTO dashboards (key, fetched_at, body) VALUES (?, ?, ?)').run(key, fetchedAt, JSON.stringify(body));
    this.db.prepare('DELETE FROM dashboards WHERE key NOT IN (SELECT key FROM dashboards ORDER BY fetched_at DESC LIMIT ?)').run(KEEP);
  }

  close(): void {
    this.db.close();
  }
}
