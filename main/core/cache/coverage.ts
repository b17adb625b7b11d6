/**
 * History coverage: which [from, till) intervals of which object and data kind the cache
 * holds. add() merges overlapping and adjacent intervals; gaps() returns what is missing.
 *
 * The still-open recent edge is the caller's business: never record coverage past "now
 * minus a safety margin" (the service may still receive late points for recent minutes),
 * or those points will never be fetched.
 */
import type { Db } from './db';

export interface Interval {
  from: number;
  till: number;
}

/** Default data kind: a whole POST /api/ObjectsHistory response (track, events, files, sensors). */
export const HISTORY_KIND = 'history';

export class CoverageRepo {
  private readonly selectTouching;
  private readonly deleteOne;
  private readonly insertOne;
  private readonly selectOverlapping;

  constructor(private readonly db: Db) {
    // Intervals touching [from, till]: overlapping or adjacent.
    this.selectTouching = db.prepare(
      'SELECT from_ms, till_ms FROM coverage WHERE object_id = ? AND kind = ? AND from_ms <= ? AND till_ms >= ?',
    );
    this.deleteOne = db.prepare('DELETE FROM coverage WHERE object_id = ? AND kind = ? AND from_ms = ?');
    this.insertOne = db.prepare('INSERT INTO coverage (object_id, kind, from_ms, till_ms) VALUES (?, ?, ?, ?)');
    this.selectOverlapping = db.prepare(
      'SELECT from_ms AS "from", till_ms AS till FROM coverage WHERE object_id = ? AND kind = ? AND from_ms < ? AND till_ms > ? ORDER BY from_ms',
    );
  }

  /** Records that [from, till) of `objectId` is held, merged with touching intervals. */
  add(objectId: number, from: number, till: number, kind: string = HISTORY_KIND): void {
    // Integer ms, rounded inwards: never claim a fraction that was not fetched.
    from = Math.ceil(from);
    till = Math.floor(till);
    if (!(till > from)) return;
    const run = this.db.transaction(() => {
      let f = from;
      let t = till;
      for (const r of this.selectTouching.all(objectId, kind, till, from) as { from_ms: number; till_ms: number }[]) {
        f = Math.min(f, r.from_ms);
        t = Math.max(t, r.till_ms);
        this.deleteOne.run(objectId, kind, r.from_ms);
      }
      this.insertOne.run(objectId, kind, f, t);
    });
    run.immediate();
  }

  /** Stored intervals of `objectId` overlapping [from, till), clipped to it, ascending. */
  covered(objectId: number, from: number, till: number, kind: string = HISTORY_KIND): Interval[] {
    if (!(till > from)) return [];
    return (this.selectOverlapping.all(objectId, kind, till, from) as Interval[]).map((r) => ({
      from: Math.max(r.from, from),
      till: Math.min(r.till, till),
    }));
  }

  /** The sub-intervals of [from, till) not held, ascending. */
  gaps(objectId: number, from: number, till: number, kind: string = HISTORY_KIND): Interval[] {
    if (!(till > from)) return [];
    const out: Interval[] = [];
    let cursor = from;
    for (const c of this.covered(objectId, from, till, kind)) {
      if (c.from > cursor) out.push({ from: cursor, till: c.from });
      cursor = Math.max(cursor, c.till);
    }
    if (cursor < till) out.push({ from: cursor, till });
    return out;
  }

  /** Forgets [from, till) of one object (all kinds, or one): intervals across its edges keep their outer parts. */
  forget(objectId: number, from: number, till: number, kind?: string): void {
    if (!(till > from)) return;
    const rows = this.db
      .prepare(`SELECT kind, from_ms, till_ms FROM coverage WHERE object_id = ? ${kind === undefined ? '' : 'AND kind = ?'} AND from_ms < ? AND till_ms > ?`)
      .all(...(kind === undefined ? [objectId, till, from] : [objectId, kind, till, from])) as { kind: string; from_ms: number; till_ms: number }[];
    const run = this.db.transaction(() => {
      for (const r of rows) {
        this.deleteOne.run(objectId, r.kind, r.from_ms);
        if (r.from_ms < from) this.insertOne.run(objectId, r.kind, r.from_ms, from);
        if (r.till_ms > till) this.insertOne.run(objectId, r.kind, till, r.till_ms);
      }
    });
    run.immediate();
  }

  /** Forgets coverage of one object (all kinds, or one). */
  clear(objectId: number, kind?: string): void {
    if (kind === undefined) this.db.prepare('DELETE FROM coverage WHERE object_id = ?').run(objectId);
    else this.db.prepare('DELETE FROM coverage WHERE object_id = ? AND kind = ?').run(objectId, kind);
  }
}
