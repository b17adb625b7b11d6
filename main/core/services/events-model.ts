/**
 * The main thread's copy of the unacknowledged events: loaded from SQLite once, then kept
 * up to date by what each poll changed (computed by the ingestor, off the event loop) and
 * by the acknowledgement paths. It mirrors the `events` table's flags: an event is listed
 * while it is unacknowledged, and hidden while an acknowledgement of it is pending (an id
 * may be pending without being unacknowledged: acknowledged elsewhere, or not stored yet).
 */
import type { FleetEvent } from '../../../common/resources';
import type { StoredEvent } from '../cache';
import type { EventsIngested } from '../sync/events-poll';

/** The order of every events list: newest first, then the higher id first. */
export const newestFirst = (a: FleetEvent, b: FleetEvent): number => b.Time - a.Time || b.Id - a.Id;

export class UnackedModel {
  private readonly events = new Map<number, FleetEvent>();
  private readonly pending = new Set<number>();
  private feed: number[];
  /** Bumped by every change of the events or of the pending flags. */
  private changes = 0;

  constructor(init: { events: readonly FleetEvent[]; pendingIds: readonly number[]; feedIds: readonly number[] }) {
    for (const e of init.events) this.events.set(e.Id, e);
    for (const id of init.pendingIds) this.pending.add(id);
    this.feed = [...init.feedIds];
  }

  get version(): number {
    return this.changes;
  }

  get feedIds(): readonly number[] {
    return this.feed;
  }

  /** A poll's result: what the ingestor stored. */
  apply(r: EventsIngested): void {
    for (const e of r.upserted) this.events.set(e.Id, e);
    for (const id of r.removed) {
      this.events.delete(id);
      // The store clears the flag of an event it marks acknowledged.
      this.pending.delete(id);
    }
    this.feed = r.feedIds;
    if (r.upserted.length || r.removed.length) this.changes++;
  }

  markPending(ids: Iterable<number>): void {
    for (const id of ids) this.pending.add(id);
    this.changes++;
  }

  clearPending(ids: Iterable<number>): void {
    for (const id of ids) this.pending.delete(id);
    this.changes++;
  }

  acknowledged(ids: Iterable<number>): void {
    for (const id of ids) {
      this.events.delete(id);
      this.pending.delete(id);
    }
    this.changes++;
  }

  /** One event as the table holds it now (undefined: no row). */
  refresh(id: number, stored: StoredEvent | undefined): void {
    if (stored && stored.acknowledged === false) this.events.set(id, stored.event);
    else this.events.delete(id);
    if (stored?.ackPending) this.pending.add(id);
    else this.pending.delete(id);
    this.changes++;
  }

  /** What the lists show: unacknowledged, not pending, at most `limit` of the newest. */
  visible(limit: number): Map<number, FleetEvent> {
    const out = new Map<number, FleetEvent>();
    for (const [id, e] of this.events) if (!this.pending.has(id)) out.set(id, e);
    if (out.size <= limit) return out;
    const top = [...out.values()].sort(newestFirst).slice(0, limit);
    return new Map(top.map((e) => [e.Id, e]));
  }
}

/** What turns the list `prev` into `next` (same content, compared by reference first). */
export function diffVisible(
  prev: ReadonlyMap<number, FleetEvent>,
  next: ReadonlyMap<number, FleetEvent>,
): { upserted: FleetEvent[]; removed: number[] } {
  const upserted: FleetEvent[] = [];
  const removed: number[] = [];
  for (const [id, e] of next) {
    const was = prev.get(id);
    if (was === e) continue;
    if (was === undefined || JSON.stringify(was) !== JSON.stringify(e)) upserted.push(e);
  }
  for (const id of prev.keys()) if (!next.has(id)) removed.push(id);
  upserted.sort(newestFirst);
  return { upserted, removed };
}

export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
