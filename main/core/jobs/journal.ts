/**
 * The jobs journal: one SQLite file in the data folder (jobs.sqlite), apart from the
 * connection caches. It outlives a cache (sign-out with "forget" deletes the cache, the
 * history stays), holds jobs of every server and login in one history, and is shared by
 * the app and the command line (WAL lets both open it; a job is run by one process at a
 * time, held by its pid and a heartbeat).
 */
import type BetterSqlite from 'better-sqlite3';
import { join } from 'node:path';
import { openDb, type Db } from '../cache/db';
import { ensurePrivateDir } from '../seams/private-files';
import type { Migration } from '../cache/migrations/index';
import type { ItemState, JobKind, JobState } from '../../../common/methods/jobs';

export type Value = number | string | null;
/** A previous value: a number, a date, a group list (group jobs), a name (delete). */
export type Old = number | string | number[] | null;

const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'jobs_001_init',
    sql: /* sql */ `
CREATE TABLE jobs (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL,
  label       TEXT    NOT NULL,
  server      TEXT    NOT NULL,
  login       TEXT    NOT NULL,
  state       TEXT    NOT NULL,
  message     TEXT,
  concurrency INTEGER NOT NULL,
  parent_id   INTEGER,
  created_at  INTEGER NOT NULL,
  finished_at INTEGER,
  runner_pid  INTEGER,
  heartbeat   INTEGER
);
CREATE TABLE items (
  job_id     INTEGER NOT NULL REFERENCES jobs(id),
  seq        INTEGER NOT NULL,
  row        INTEGER,
  object_id  INTEGER NOT NULL,
  name       TEXT    NOT NULL,
  value      TEXT    NOT NULL,      -- JSON: the value to set
  old        TEXT,                  -- JSON: the value before, once read; NULL = not read yet
  state      TEXT    NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  message    TEXT,
  at         INTEGER,
  PRIMARY KEY (job_id, seq)
) WITHOUT ROWID;
CREATE INDEX items_state ON items(job_id, state);
`,
  },
];

export interface JobRow {
  id: number;
  kind: JobKind;
  label: string;
  server: string;
  login: string;
  state: JobState;
  message: string | null;
  concurrency: number;
  parent_id: number | null;
  created_at: number;
  finished_at: number | null;
  runner_pid: number | null;
  heartbeat: number | null;
}

export interface ItemRow {
  job_id: number;
  seq: number;
  row: number | null;
  object_id: number;
  name: string;
  value: Value;
  old: Old | undefined;
  state: ItemState;
  attempts: number;
  message: string | null;
  at: number | null;
}

interface RawItem extends Omit<ItemRow, 'value' | 'old'> {
  value: string;
  old: string | null;
}

export interface NewItem {
  objectId: number;
  name: string;
  value: Value;
  row: number | null;
  /** Known before the job starts (from the object list): kept at once. */
  old?: Old;
}

export type Counts = Record<ItemState, number>;

/** A heartbeat older than this means the process that ran the job is gone. */
export const HEARTBEAT_STALE_MS = 15_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const toItem = (r: RawItem): ItemRow => ({ ...r, value: JSON.parse(r.value) as Value, old: r.old === null ? undefined : (JSON.parse(r.old) as Old) });

export class Journal {
  readonly db: Db;
  /** Statements compiled once: each item's updates run thousands of times in a job. */
  private readonly statements = new Map<string, BetterSqlite.Statement<unknown[]>>();
  constructor(file: string, private readonly now: () => number = Date.now) {
    this.db = openDb(file, { migrations: MIGRATIONS, now });
  }

  static inDataDir(dataDir: string, now?: () => number): Journal {
    ensurePrivateDir(dataDir);
    return new Journal(join(dataDir, 'jobs.sqlite'), now);
  }

  close(): void {
    this.db.close();
  }

  private sql(text: string): BetterSqlite.Statement<unknown[]> {
    let st = this.statements.get(text);
    if (!st) {
      st = this.db.prepare(text);
      this.statements.set(text, st);
    }
    return st;
  }

  /** Writes the job and every item in one transaction, before any request is sent. */
  create(j: { kind: JobKind; label: string; server: string; login: string; concurrency: number; parentId: number | null }, items: NewItem[]): number {
    const insJob = this.sql(
      `INSERT INTO jobs (kind, label, server, login, state, concurrency, parent_id, created_at) VALUES (?, ?, ?, ?, 'queued', ?, ?, ?)`,
    );
    const insItem = this.sql(`INSERT INTO items (job_id, seq, row, object_id, name, value, old, state) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`);
    return this.db.transaction(() => {
      const id = Number(insJob.run(j.kind, j.label, j.server, j.login, j.concurrency, j.parentId, this.now()).lastInsertRowid);
      items.forEach((it, i) => insItem.run(id, i + 1, it.row, it.objectId, it.name, JSON.stringify(it.value), it.old === undefined ? null : JSON.stringify(it.old)));
      return id;
    })();
  }

  job(id: number): JobRow | undefined {
    return this.sql('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  }

  jobs(limit: number): JobRow[] {
    return this.sql('SELECT * FROM jobs ORDER BY id DESC LIMIT ?').all(limit) as JobRow[];
  }

  setState(id: number, state: JobState, message: string | null = null): void {
    const final = state === 'done' || state === 'failed' || state === 'cancelled';
    this.sql('UPDATE jobs SET state = ?, message = ?, finished_at = ? WHERE id = ?').run(state, message, final ? this.now() : null, id);
  }

  /** Takes the job for this process; false when another live process holds it. */
  claim(id: number, pid = process.pid): boolean {
    return this.db.transaction(() => {
      const j = this.job(id);
      if (!j) return false;
      const fresh = j.heartbeat !== null && this.now() - j.heartbeat < HEARTBEAT_STALE_MS;
      if (j.runner_pid !== null && j.runner_pid !== pid && alive(j.runner_pid) && fresh) return false;
      this.sql('UPDATE jobs SET runner_pid = ?, heartbeat = ? WHERE id = ?').run(pid, this.now(), id);
      // An item left 'sending' may or may not have reached the service; these writes set a
      // value, so sending it again is harmless. Done items are never sent again.
      this.sql(`UPDATE items SET state = 'pending' WHERE job_id = ? AND state = 'sending'`).run(id);
      return true;
    })();
  }

  heartbeat(id: number): void {
    this.sql('UPDATE jobs SET heartbeat = ? WHERE id = ? AND runner_pid = ?').run(this.now(), id, process.pid);
  }

  release(id: number): void {
    this.sql('UPDATE jobs SET runner_pid = NULL, heartbeat = NULL WHERE id = ? AND runner_pid = ?').run(id, process.pid);
  }

  /** Jobs whose runner died (SIGKILL, power cut): marked 'interrupted' so the user can resume them. */
  markInterrupted(): number[] {
    const out: number[] = [];
    for (const j of this.sql(`SELECT * FROM jobs WHERE state IN ('queued', 'running', 'waiting')`).all() as JobRow[]) {
      const held = j.runner_pid !== null && alive(j.runner_pid) && j.heartbeat !== null && this.now() - j.heartbeat < HEARTBEAT_STALE_MS;
      if (held) continue;
      this.sql(`UPDATE jobs SET state = 'interrupted', message = ?, runner_pid = NULL WHERE id = ?`).run('Stopped when the program ended; resume to go on.', j.id);
      out.push(j.id);
    }
    return out;
  }

  /** The next pending items in order, at most `n`. */
  pending(id: number, n: number, after = 0): ItemRow[] {
    return (this.sql(`SELECT * FROM items WHERE job_id = ? AND state = 'pending' AND seq > ? ORDER BY seq LIMIT ?`).all(id, after, n) as RawItem[]).map(toItem);
  }

  item(id: number, seq: number): ItemRow | undefined {
    const r = this.sql('SELECT * FROM items WHERE job_id = ? AND seq = ?').get(id, seq) as RawItem | undefined;
    return r && toItem(r);
  }

  items(id: number, o: { failuresOnly: boolean; offset: number; limit: number }): { items: ItemRow[]; total: number } {
    const where = o.failuresOnly ? `job_id = ? AND state = 'failed'` : 'job_id = ?';
    const total = (this.sql(`SELECT count(*) AS n FROM items WHERE ${where}`).get(id) as { n: number }).n;
    const rows = this.sql(`SELECT * FROM items WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`).all(id, o.limit, o.offset) as RawItem[];
    return { items: rows.map(toItem), total };
  }

  allItems(id: number): ItemRow[] {
    return (this.sql('SELECT * FROM items WHERE job_id = ? ORDER BY seq').all(id) as RawItem[]).map(toItem);
  }

  keepOld(id: number, seq: number, old: Old): void {
    this.sql('UPDATE items SET old = ? WHERE job_id = ? AND seq = ? AND old IS NULL').run(JSON.stringify(old), id, seq);
  }

  /**
   * Replaces what the item keeps in its `old` slot: a kind whose write takes several service
   * calls (history import: which operation is in flight) records how far it got, so a resumed
   * job goes on from there instead of sending again.
   */
  keepProgress(id: number, seq: number, progress: Old): void {
    this.sql('UPDATE items SET old = ? WHERE job_id = ? AND seq = ?').run(JSON.stringify(progress), id, seq);
  }

  /** pending → sending, only from pending: an item is never taken twice. */
  toSending(id: number, seq: number): boolean {
    return this.sql(`UPDATE items SET state = 'sending', attempts = attempts + 1, at = ? WHERE job_id = ? AND seq = ? AND state = 'pending'`).run(this.now(), id, seq).changes === 1;
  }

  /** sending → done | failed | skipped | pending; false when the item was not sending (never confirmed twice). */
  settle(id: number, seq: number, state: ItemState, message: string | null = null): boolean {
    return this.sql(`UPDATE items SET state = ?, message = ?, at = ? WHERE job_id = ? AND seq = ? AND state = 'sending'`).run(state, message, this.now(), id, seq).changes === 1;
  }

  /** Items not sent when a job is cancelled. */
  skipPending(id: number, message: string): void {
    this.sql(`UPDATE items SET state = 'skipped', message = ?, at = ? WHERE job_id = ? AND state IN ('pending', 'sending')`).run(message, this.now(), id);
  }

  counts(id: number): Counts {
    const c: Counts = { pending: 0, sending: 0, done: 0, failed: 0, skipped: 0 };
    for (const r of this.sql('SELECT state, count(*) AS n FROM items WHERE job_id = ? GROUP BY state').all(id) as { state: ItemState; n: number }[]) c[r.state] = r.n;
    return c;
  }

  /** Every done item had its previous value read (a revert can be built). */
  oldsKnown(id: number): boolean {
    return (this.sql(`SELECT count(*) AS n FROM items WHERE job_id = ? AND state = 'done' AND old IS NULL`).get(id) as { n: number }).n === 0;
  }
}
