/**
 * Events, from the unacknowledged list and from history, in one table keyed by Id.
 *
 * `acknowledged` is true/false when known and null for an event only seen in history.
 * `ackPending` is true while an acknowledgement sits in the outbox: the UI shows the event
 * as acknowledged-in-progress, and replaceUnacknowledged() does not resurrect it.
 */
import type { FleetEvent } from '../../../common/resources';
import type { Db } from './db';
import type { MetaRepo } from './meta';

export const UNACKED_DATASET = 'events:unacknowledged';

/** What replaceUnacknowledged() changed in the stored unacknowledged events. */
export interface UnackedChange {
  /** Not stored as unacknowledged before, or stored with a different JSON. */
  upserted: FleetEvent[];
  /** Stored as unacknowledged before, and no longer. */
  removed: number[];
}

export interface StoredEvent {
  event: FleetEvent;
  acknowledged: boolean | null;
  ackPending: boolean;
}

interface Row {
  json: string;
  acknowledged: number | null;
  ack_pending: number;
}

const toStored = (r: Row): StoredEvent => ({
  event: JSON.parse(r.json) as FleetEvent,
  acknowledged: r.acknowledged === null ? null : r.acknowledged === 1,
  ackPending: r.ack_pending === 1,
});

export class EventsRepo {
  private readonly upsertUnacked;
  private readonly upsertHistory;

  constructor(
    private readonly db: Db,
    private readonly meta: MetaRepo,
  ) {
    this.upsertUnacked = db.prepare(`INSERT INTO events (id, object_id, time, type, json, acknowledged, ack_pending, fetched_at)
      VALUES (?, ?, ?, ?, ?, 0, 0, ?)
      ON CONFLICT (id) DO UPDATE SET object_id = excluded.object_id, time = excluded.time, type = excluded.type,
        json = excluded.json, acknowledged = 0, fetched_at = excluded.fetched_at`);
    this.upsertHistory = db.prepare(`INSERT INTO events (id, object_id, time, type, json, acknowledged, ack_pending, fetched_at)
      VALUES (?, ?, ?, ?, ?, NULL, 0, ?)
      ON CONFLICT (id) DO UPDATE SET object_id = excluded.object_id, time = excluded.time, type = excluded.type,
        json = excluded.json, fetched_at = excluded.fetched_at
      WHERE events.acknowledged IS NOT 0`);
  }

  /**
   * Stores the complete list of unacknowledged events (GET /api/Events, which is not
   * filtered by muting): they are marked unacknowledged, and every other event stored as
   * unacknowledged is marked acknowledged (someone acknowledged it elsewhere), but for
   * `kept`: ids just stored from the feed, which stay unacknowledged until a later list
   * leaves them out. Given the muted-filtered feed instead, events of muted groups would be
   * marked acknowledged.
   *
   * Returns what changed in the stored unacknowledged set, compared with what it held
   * just before in the same transaction: events that were not unacknowledged or whose
   * JSON differs, and the ids that are no longer unacknowledged.
   */
  replaceUnacknowledged(events: readonly FleetEvent[], fetchedAt: number, kept: readonly number[] = []): UnackedChange {
    return this.db
      .transaction((): UnackedChange => {
        const { before, upserted, listed } = this.storeUnacknowledged(events, fetchedAt);
        for (const id of kept) listed.add(id);
        const gone = this.db.prepare('UPDATE events SET acknowledged = 1, ack_pending = 0 WHERE id = ? AND acknowledged = 0');
        const removed: number[] = [];
        for (const id of before.keys()) {
          if (listed.has(id)) continue;
          gone.run(id);
          removed.push(id);
        }
        this.meta.setLastGood(UNACKED_DATASET, Math.round(fetchedAt));
        return { upserted, removed };
      })
      .immediate();
  }

  /**
   * Stores events known to be unacknowledged (the feed, before the full list is read) and
   * says which were not stored as such or differ; nothing is marked acknowledged, since only
   * the full list tells what was acknowledged elsewhere.
   */
  upsertUnacknowledged(events: readonly FleetEvent[], fetchedAt: number): FleetEvent[] {
    return this.db.transaction(() => this.storeUnacknowledged(events, fetchedAt).upserted).immediate();
  }

  /**
   * Writes the events not stored as unacknowledged with the same JSON; most of a poll's ten
   * thousand are, and rewriting them all was most of its time in the file.
   */
  private storeUnacknowledged(events: readonly FleetEvent[], fetchedAt: number): { before: Map<number, string>; upserted: FleetEvent[]; listed: Set<number> } {
    const at = Math.round(fetchedAt);
    const before = new Map<number, string>();
    const rows = this.db.prepare('SELECT id, json FROM events WHERE acknowledged = 0').all() as { id: number; json: string }[];
    for (const r of rows) before.set(r.id, r.json);
    const upserted: FleetEvent[] = [];
    const listed = new Set<number>();
    for (const e of events) {
      if (listed.has(e.Id)) continue;
      listed.add(e.Id);
      const json = JSON.stringify(e);
      if (before.get(e.Id) === json) continue;
      this.upsertUnacked.run(e.Id, e.ObjectId, Math.round(e.Time), e.Type, json, at);
      upserted.push(e);
    }
    return { before, upserted, listed };
  }

  /**
   * How many unacknowledged events the lists would show (those with an acknowledgement
   * queued here left out), and how many of them carry a bit of `alarmMask`: the count the
   * top bar shows for a connection in the background, read without building its lists.
   */
  unacknowledgedCounts(alarmMask: number): { unacknowledged: number; alarms: number } {
    const r = this.db
      .prepare('SELECT count(*) AS n, coalesce(sum((type & ?) != 0), 0) AS a FROM events WHERE acknowledged = 0 AND ack_pending = 0')
      .get(alarmMask) as { n: number; a: number };
    return { unacknowledged: r.n, alarms: r.a };
  }

  /**
   * Every unacknowledged event and every id with an acknowledgement pending (also of
   * events not unacknowledged now): what EventsService's in-memory model starts from.
   */
  unacknowledgedModel(): { events: FleetEvent[]; pendingIds: number[] } {
    return this.db
      .transaction(() => {
        const rows = this.db.prepare('SELECT json FROM events WHERE acknowledged = 0').pluck().all() as string[];
        const pendingIds = this.db.prepare('SELECT id FROM events WHERE ack_pending = 1').pluck().all() as number[];
        return { events: rows.map((j) => JSON.parse(j) as FleetEvent), pendingIds };
      })
      .deferred();
  }

  /**
   * Stores events from history without changing what is known of their acknowledgement.
   * An unacknowledged event's row is left as the events poll wrote it: that poll is the
   * one source of the lists (and of EventsService's in-memory copy), and a newer version
   * written here first would make the next poll see no change and leave the lists stale.
   */
  upsertFromHistory(events: readonly FleetEvent[], fetchedAt: number): void {
    const at = Math.round(fetchedAt);
    this.db
      .transaction(() => {
        for (const e of events) this.upsertHistory.run(e.Id, e.ObjectId, Math.round(e.Time), e.Type, JSON.stringify(e), at);
      })
      .immediate();
  }

  /** Unacknowledged events, newest first (those with an acknowledgement pending included, flagged). */
  unacknowledged(limit = 10_000): StoredEvent[] {
    const rows = this.db
      .prepare('SELECT json, acknowledged, ack_pending FROM events WHERE acknowledged = 0 ORDER BY time DESC, id DESC LIMIT ?')
      .all(limit) as Row[];
    return rows.map(toStored);
  }

  /** Events of one object with from <= Time < till, ascending. */
  forObject(objectId: number, from: number, till: number): StoredEvent[] {
    const rows = this.db
      .prepare(
        'SELECT json, acknowledged, ack_pending FROM events WHERE object_id = ? AND time >= ? AND time < ? ORDER BY time, id',
      )
      .all(objectId, from, till) as Row[];
    return rows.map(toStored);
  }

  get(id: number): StoredEvent | undefined {
    const r = this.db.prepare('SELECT json, acknowledged, ack_pending FROM events WHERE id = ?').get(id) as Row | undefined;
    return r && toStored(r);
  }

  /**
   * An acknowledgement of these events was queued (call in the same transaction as the
   * enqueue). Returns the ids of the events stored (the others have no row to flag).
   */
  markAckPending(ids: readonly number[]): number[] {
    return this.setFlags(ids, 'ack_pending = 1');
  }

  /** The service confirmed the acknowledgement. */
  markAcknowledged(ids: readonly number[]): void {
    this.setFlags(ids, 'acknowledged = 1, ack_pending = 0');
  }

  /** The queued acknowledgement was given up. */
  clearAckPending(ids: readonly number[]): void {
    this.setFlags(ids, 'ack_pending = 0');
  }

  private setFlags(ids: readonly number[], set: string): number[] {
    const stmt = this.db.prepare(`UPDATE events SET ${set} WHERE id = ?`);
    return this.db.transaction(() => ids.filter((id) => stmt.run(id).changes > 0))();
  }

  fetchedAt(): number | null {
    return this.meta.lastGood(UNACKED_DATASET);
  }
}
