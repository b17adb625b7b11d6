/**
 * The main thread's copy of the unacknowledged events: loaded from SQLite once, then kept
 * up to date by what each poll changed (computed by the ingestor, off the event loop) and
 * by the acknowledgement paths. It mirrors the `events` table's flags: an event is listed
 * while it is unacknowledged, and hidden while an acknowledgement of it is pending (an id
 * may be pending without being unacknowledged: acknowledged elsewhere, or not stored yet).
 */
import { lowerBound } from '../../../common/lower-bound';
import type { FleetEvent } from '../../../common/resources';
import type { StoredEvent } from '../cache';
import type { EventsIngested } from '../sync/events-poll';

/** Up to this many changes are placed one splice each; more are merged in one pass (settle). */
const SPLICE_MAX = 32;
/**
 * Past this many ids changed between two reads, the next read sorts every event again instead
 * of merging the changes in. A poll at 100,000 objects changes thousands: merged, they cost a
 * pass over the order and a sort of their own; a sort of every event held the main thread.
 */
export const UNPLACED_MAX = 65_536;

/** The order of every events list: newest first, then the higher id first. */
export const newestFirst = (a: FleetEvent, b: FleetEvent): number => b.Time - a.Time || b.Id - a.Id;

export class UnackedModel {
  private readonly events = new Map<number, FleetEvent>();
  private readonly pending = new Set<number>();
  private feed: number[];
  /** Ids whose event or pending flag may have changed since drainDirty() was last called. */
  private dirty = new Set<number>();
  /**
   * The shown events, newest first, kept in order as they change: past the cap, each poll
   * took the newest 10,000 by sorting every unacknowledged event (tens of ms of the main
   * thread at 50,000 objects); now it takes a prefix.
   */
  private order: FleetEvent[] = [];
  /** The version of each event in `order` (its place is found by its own time and id). */
  private readonly placed = new Map<number, FleetEvent>();
  /** Ids changed since `order` was last brought up to date (see `settle`). */
  private unplaced = new Set<number>();
  /** Too many changes to place one by one (or to keep listing): `order` is rebuilt when next read. */
  private stale = false;

  constructor(init: { events: readonly FleetEvent[]; pendingIds: readonly number[]; feedIds: readonly number[] }) {
    for (const e of init.events) this.events.set(e.Id, e);
    for (const id of init.pendingIds) this.pending.add(id);
    this.feed = [...init.feedIds];
    this.rebuild();
  }

  /** Unacknowledged events held, pending or not (an upper bound of what the lists show). */
  get size(): number {
    return this.events.size;
  }

  /** Unacknowledged events not pending, and those of them whose type is in `alarmMask`: the table's count, without a query. */
  counts(alarmMask: number): { unacknowledged: number; alarms: number } {
    let unacknowledged = 0;
    let alarms = 0;
    for (const e of this.events.values()) {
      if (this.pending.has(e.Id)) continue;
      unacknowledged++;
      if ((e.Type & alarmMask) !== 0) alarms++;
    }
    return { unacknowledged, alarms };
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
      this.touch(e.Id);
    }
    for (const id of r.removed) {
      this.events.delete(id);
      // The store clears the flag of an event it marks acknowledged.
      this.pending.delete(id);
      this.touch(id);
    }
    this.feed = r.feedIds;
  }

  /** The whole stored picture (EventsIngested.full): what it does not hold is gone. */
  replace(events: readonly FleetEvent[], pendingIds: readonly number[], feedIds: number[]): void {
    // Every id in either picture may have changed; publish compares each with what was pushed.
    for (const id of this.events.keys()) this.touch(id);
    for (const id of this.pending) this.touch(id);
    this.events.clear();
    this.pending.clear();
    for (const e of events) {
      this.events.set(e.Id, e);
      this.touch(e.Id);
    }
    this.markPending(pendingIds);
    this.feed = feedIds;
  }

  markPending(ids: Iterable<number>): void {
    for (const id of ids) {
      this.pending.add(id);
      this.touch(id);
    }
  }

  clearPending(ids: Iterable<number>): void {
    for (const id of ids) {
      this.pending.delete(id);
      this.touch(id);
    }
  }

  acknowledged(ids: Iterable<number>): void {
    for (const id of ids) {
      this.events.delete(id);
      this.pending.delete(id);
      this.touch(id);
    }
  }

  /** One event as the table holds it now (undefined: no row). */
  refresh(id: number, stored: StoredEvent | undefined): void {
    if (stored && stored.acknowledged === false) this.events.set(id, stored.event);
    else this.events.delete(id);
    if (stored?.ackPending) this.pending.add(id);
    else this.pending.delete(id);
    this.touch(id);
  }

  /**
   * What the lists show: unacknowledged, not pending, at most `limit` of the newest
   * (`capped`: some were left out), newest first.
   */
  visible(limit: number): { shown: Map<number, FleetEvent>; capped: boolean } {
    this.settle();
    const capped = this.order.length > limit;
    const top = capped ? this.order.slice(0, limit) : this.order;
    return { shown: new Map(top.map((e) => [e.Id, e])), capped };
  }

  /**
   * What changed in the newest `limit` since `pushed` (which it brings up to date), given
   * every id touched since then (`dirty`, from drainDirty). An event nobody touched keeps its
   * content and its order among the others: it can only have moved across the cut by as many
   * places as there were changes, so past the cap a poll's diff looks at its changes and at
   * that band around the cut, not at every one of the 10,000 listed.
   */
  changesSince(pushed: Map<number, FleetEvent>, dirty: ReadonlySet<number>, limit: number): { upserted: FleetEvent[]; removed: number[]; capped: boolean } {
    this.settle();
    const upserted: FleetEvent[] = [];
    const removed: number[] = [];
    const inTop = (e: FleetEvent) => this.placeOf(e) < limit;
    for (const id of dirty) {
      const now = this.shown(id);
      const was = pushed.get(id);
      if (now && inTop(now)) {
        if (!was || differs(was, now)) upserted.push(now);
        pushed.set(id, now);
      } else if (was) {
        removed.push(id);
        pushed.delete(id);
      }
    }
    const band = Math.min(this.order.length, limit + dirty.size);
    for (let i = Math.max(0, limit - dirty.size); i < band; i++) {
      const e = this.order[i]!;
      if (dirty.has(e.Id)) continue;
      if (i < limit && !pushed.has(e.Id)) {
        upserted.push(e);
        pushed.set(e.Id, e);
      } else if (i >= limit && pushed.has(e.Id)) {
        removed.push(e.Id);
        pushed.delete(e.Id);
      }
    }
    upserted.sort(newestFirst);
    return { upserted, removed, capped: this.order.length > limit };
  }

  private touch(id: number): void {
    this.dirty.add(id);
    if (this.stale) return;
    this.unplaced.add(id);
    // No list of every id changed for a read that may be long in coming (a model no view
    // has listed yet): past UNPLACED_MAX, the next read rebuilds the order instead.
    if (this.unplaced.size > UNPLACED_MAX) {
      this.stale = true;
      this.unplaced = new Set();
    }
  }

  /**
   * Brings `order` up to date: each changed id out of its old place and into its new one
   * (binary search, one splice each), the changes merged in one pass when there are more,
   * or, when a change touched over half the list (a first poll, a mass acknowledgement), one
   * sort of everything.
   */
  private settle(): void {
    const ids = this.unplaced;
    if (this.stale || ids.size * 2 > this.order.length) {
      this.rebuild();
      return;
    }
    if (ids.size === 0) return;
    this.unplaced = new Set();
    if (ids.size > SPLICE_MAX) return this.merge(ids);
    for (const id of ids) {
      const was = this.placed.get(id);
      const now = this.shown(id);
      if (was === now) continue;
      if (was) {
        const i = this.placeOf(was);
        // Times and ids are unique per event, so its place is where it sorts.
        const at = this.order[i]?.Id === id ? i : this.order.indexOf(was);
        this.order.splice(at, 1);
        this.placed.delete(id);
      }
      if (now) {
        this.order.splice(this.placeOf(now), 0, now);
        this.placed.set(id, now);
      }
    }
  }

  /**
   * Many changes at once (a poll's hundreds of new events): the old versions out in one pass
   * and the new ones merged in, where a splice each moved the whole list once per change.
   */
  private merge(ids: ReadonlySet<number>): void {
    const gone = new Set<FleetEvent>();
    const incoming: FleetEvent[] = [];
    for (const id of ids) {
      const was = this.placed.get(id);
      const now = this.shown(id);
      if (was === now) continue;
      if (was) {
        gone.add(was);
        this.placed.delete(id);
      }
      if (now) {
        incoming.push(now);
        this.placed.set(id, now);
      }
    }
    incoming.sort(newestFirst);
    const out: FleetEvent[] = new Array<FleetEvent>(this.order.length - gone.size + incoming.length);
    let n = 0;
    let j = 0;
    for (const e of this.order) {
      if (gone.has(e)) continue;
      while (j < incoming.length && newestFirst(incoming[j]!, e) < 0) out[n++] = incoming[j++]!;
      out[n++] = e;
    }
    while (j < incoming.length) out[n++] = incoming[j++]!;
    this.order = out;
  }

  private rebuild(): void {
    this.stale = false;
    this.unplaced = new Set();
    this.placed.clear();
    const order: FleetEvent[] = [];
    for (const [id, e] of this.events) {
      if (this.pending.has(id)) continue;
      order.push(e);
      this.placed.set(id, e);
    }
    this.order = order.sort(newestFirst);
  }

  /** The first index whose event does not sort before `e`. */
  private placeOf(e: FleetEvent): number {
    return lowerBound(this.order.length, (i) => newestFirst(this.order[i]!, e) < 0);
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
