/**
 * A new object list staged as it is read, a block of rows at a time, then diffed against the
 * stored list and moved into it by SQL (decision 0060). At 100,000 objects the list's rows held
 * in memory from the body's read to their write, with the body they were read from, were the
 * largest part of the host's peak memory.
 *
 * The rows are staged in a scratch file of their own beside the cache, attached to this
 * connection while a list is read and removed once it is stored: they are not the cache's
 * data, so they neither pass through its write-ahead log nor hold its write lock while the
 * body is read, and the cache file does not keep their pages.
 */
import { rmSync } from 'node:fs';
import { createPrivateFile } from '../seams/private-files';
import { stagingFileOf } from './files';
import type { Db } from './db';
import type { MetaRepo } from './meta';
import { OBJECTS_DATASET, type ListRow } from './objects';

const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS next.objects_next (
  seq             INTEGER PRIMARY KEY,
  id              INTEGER NOT NULL UNIQUE,
  name            TEXT    NOT NULL,
  plate           TEXT,
  imei            TEXT,
  status          INTEGER,
  json            TEXT    NOT NULL,
  summary         TEXT    NOT NULL,
  ignition_sensor INTEGER
);
DELETE FROM next.objects_next;
CREATE TABLE IF NOT EXISTS next.objects_list (json BLOB NOT NULL);
DELETE FROM next.objects_list;
`;

type Statements = ReturnType<typeof prepare>;

function prepare(db: Db) {
  return {
    // A repeated id replaces its row at the end: the last occurrence wins, in its own place.
    // A row's JSON given as bytes is stored as the text it is, as a string would be.
    insert: db.prepare(
      'INSERT OR REPLACE INTO next.objects_next (id, name, plate, imei, status, json, summary, ignition_sensor) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), ?)',
    ),
    changed: db.prepare('SELECT n.id FROM next.objects_next n LEFT JOIN main.objects o ON o.id = n.id WHERE o.json IS NOT n.json').pluck(),
    removed: db.prepare('SELECT id FROM main.objects WHERE id NOT IN (SELECT id FROM next.objects_next) ORDER BY id').pluck(),
    putList: db.prepare('INSERT INTO next.objects_list (json) VALUES (?)'),
    copyList: db.prepare('INSERT OR REPLACE INTO main.objects_list (id, json) SELECT 1, json FROM next.objects_list'),
    copyIn: db.prepare(
      `INSERT INTO main.objects (id, ord, name, plate, imei, status, json, summary, ignition_sensor, fetched_at)
       SELECT id, row_number() OVER (ORDER BY seq) - 1, name, plate, imei, status, json, summary, ignition_sensor, ? FROM next.objects_next ORDER BY seq`,
    ),
  };
}

export class ObjectsNext {
  private sql: Statements | null = null;
  private readonly file: string | null;

  constructor(
    private readonly db: Db,
    private readonly meta: MetaRepo,
  ) {
    // An in-memory cache (tests) stages in a temporary database of SQLite's own.
    this.file = db.memory ? null : stagingFileOf(db.name);
  }

  /**
   * Stages the summaries' bytes as they will be stored beside the list (`ObjectsRepo.listJson`):
   * the windows are sent the bytes themselves, not a copy kept for the write.
   */
  stageList(json: Uint8Array): void {
    const { putList } = this.statements();
    this.db.exec('DELETE FROM next.objects_list');
    putList.run(json);
  }

  /** Starts a list afresh: the scratch file attached and emptied (one read and not stored, or cut short, is dropped). */
  clear(): void {
    if (!this.sql) {
      if (this.file) {
        rmSync(this.file, { force: true });
        createPrivateFile(this.file);
      }
      this.db.prepare('ATTACH DATABASE ? AS next').run(this.file ?? '');
      // Scratch: nothing to recover after a crash, so no journal and no syncs.
      this.db.pragma('next.journal_mode = OFF');
      this.db.pragma('next.synchronous = OFF');
      this.db.exec(SCHEMA);
      this.sql = prepare(this.db);
    } else this.db.exec('DELETE FROM next.objects_next');
  }

  /** Stages rows in the service's order, after those staged so far. */
  add(rows: readonly ListRow[]): void {
    const { insert } = this.statements();
    this.db.transaction(() => {
      for (const r of rows) insert.run(r.id, r.name, r.plate, r.imei, r.status, r.json, r.summary, r.ignition);
    })();
  }

  /**
   * Which of the staged objects are new or differ from what is stored (by their JSON), in the
   * order of `seen` (each id's first place in the list; a repeated id counts as changed), and
   * which stored ones the staged list no longer has: what `ObjectsRepo.diffRows` answers.
   */
  diff(seen: Iterable<number>, repeated: ReadonlySet<number>): { changed: number[]; removed: number[] } {
    const sql = this.statements();
    const differs = new Set(sql.changed.all() as number[]);
    const changed: number[] = [];
    for (const id of seen) if (differs.has(id) || repeated.has(id)) changed.push(id);
    return { changed, removed: sql.removed.all() as number[] };
  }

  /** Replaces the stored list with the staged one and its summaries' bytes (`stageList`) in one transaction; then the scratch file goes. */
  store(fetchedAt: number): void {
    const { copyIn, copyList } = this.statements();
    this.db
      .transaction(() => {
        this.db.exec('DELETE FROM main.objects');
        copyIn.run(Math.round(fetchedAt));
        copyList.run();
        this.meta.setLastGood(OBJECTS_DATASET, fetchedAt);
      })
      .immediate();
    this.drop();
  }

  /** Detaches and removes the scratch file (a list not stored, or the connection closing). */
  drop(): void {
    if (!this.sql) return;
    this.sql = null;
    this.db.exec('DETACH DATABASE next');
    if (this.file) rmSync(this.file, { force: true });
  }

  private statements(): Statements {
    if (!this.sql) throw new Error('No object list is being staged');
    return this.sql;
  }
}
