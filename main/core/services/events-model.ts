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
  /** Ids whose event or pending flag may have changed since drainDirty() was last called. */
  private dirty = new Set<number>();

  constructor(init: { events: readonly FleetEvent[]; pendingIds: readonly number[]; feedIds: readonly number[] }) {
    for (const e of init.events) this.events.set(e.Id, e);
    for (const id of init.pendingIds) this.pending.add(id);
    this.feed = [...init.feedIds];
  }

  /** Unacknowledged events held, pending or not (an upper bound of what the lists show). */
  get size(): number {
    return this.events.size;
  }

  /** The ids that may have changed since the previous call. */
  drainDirty(): Set<number> {
    const d = this.dirty;
    this.dirty = new Set();
    return d;
  }

  /** The event as the lists show it: undefined when not unacknowledged or pending. */
  shown(id: number): FleetEvent | undefined {
    return this.pending.has(id) ? undefined : this.events.get(id);
  }

  get feedIds(): readonly number[] {
    return this.feed;
  }

  /** A poll's result: what the ingestor stored. */
  apply(r: EventsIngested): void {
    for (const e of r.upserted) {
      this.events.set(e.Id, e);
      this.dirty.add(e.Id);
    }
    for (const id of r.removed) {
      this.events.delete(id);
      // The store clears the flag of an event it marks acknowledged.
      this.pending.delete(id);
      this.dirty.add(id);
    }
    this.feed = r.feedIds;
  }

  markPending(ids: Iterable<number>): void {
    for (const id of ids) {
      this.pending.add(id);
      this.dirty.add(id);
    }
  }

  clearPending(ids: Iterable<number>): void {
    for (const id of ids) {
      this.pending.delete(id);
      this.dirty.add(id);
    }
  }

  acknowledged(ids: Iterable<number>): void {
    for (const id of ids) {
      this.events.delete(id);
      this.pending.delete(id);
      this.dirty.add(id);
    }
  }

  /** One event as the table holds it now (undefined: no row). */
  refresh(id: number, stored: StoredEvent | undefined): void {
    if (stored && stored.acknowledged === false) this.events.set(id, stored.event);
    else this.events.delete(id);
    if (stored?.ackPending) this.pending.add(id);
    else this.pending.delete(id);
    this.dirty.add(id);
  }

  /**
   * What the lists show: unacknowledged, not pending, at most `limit` of the newest
   * (`capped`: some were left out). Walks every event: for a first load, or past the cap.
   */
  visible(limit: number): { shown: Map<number, FleetEvent>; capped: boolean } {
    const out = new Map<number, FleetEvent>();
    for (const [id, e] of this.events) if (!this.pending.has(id)) out.set(id, e);
    if (out.size <= limit) return { shown: out, capped: false };
    const top = [...out.values()].sort(newestFirst).slice(0, limit);
    return { shown: new Map(top.map((e) => [e.Id, e])), capped: true };
  }
}

/** Whether two versions of an event differ (a different object may hold the same content). */
export const differs = (a: FleetEvent, b: FleetEvent): boolean => a !== b && JSON.stringify(a) !== JSON.stringify(b);

/** What turns the list `prev` into `next` (same content, compared by reference first). */
export function diffVisible(
  prev: ReadonlyMap<number, FleetEvent>,
  next: ReadonlyMap<number, FleetEvent>,
): { upserted: FleetEvent[]; removed: number[] } {
  const upserted: FleetEvent[] = [];
  const removed: number[] = [];
  for (const [id, e] of next) {
    const was = prev.get(id);
    if (was === undefined || differs(was, e)) upserted.push(e);
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
