/**
 * The core's list of unacknowledged events as this window holds it, and how an
 * `events/changed` delta changes it (pure: the store keeps the state, tests check this).
 */
import type { AckError, EventsChanged, EventsList } from '../../../common/methods/events';
import type { FleetEvent } from '../../../common/resources';

export interface EventsPicture {
  /** The push (or list reply) this picture matches: the next delta must have it as `base`. */
  seq: number;
  /** Every listed event (scope 'all'), newest first. */
  all: FleetEvent[];
  /** The feed's ids: the feed is `all` restricted to them. */
  feedIds: number[];
  fetchedAt: number | null;
  pendingAckIds: number[];
  ackErrors: AckError[];
}

/** The order of every events list: newest first, then the higher id first. */
export const newestFirst = (a: FleetEvent, b: FleetEvent): number => b.Time - a.Time || b.Id - a.Id;

/** A full load (an `events/list` reply of scope 'all'). */
export function pictureOf(l: EventsList): EventsPicture {
  return { seq: l.seq, all: l.events, feedIds: l.feedIds, fetchedAt: l.fetchedAt, pendingAckIds: l.pendingAckIds, ackErrors: l.ackErrors };
}

/**
 * The picture after delta `d`, or null when `d` does not follow it (a push was missed, or
 * it belongs to another connection): the caller loads the whole list again.
 */
export function applyDelta(p: EventsPicture, d: EventsChanged): EventsPicture | null {
  if (d.base !== p.seq) return null;
  let all = p.all;
  if (d.removed.length || d.upserted.length) {
    const drop = new Set(d.removed);
    for (const e of d.upserted) drop.add(e.Id);
    const kept = drop.size ? p.all.filter((e) => !drop.has(e.Id)) : p.all;
    all = mergeSorted(kept, [...d.upserted].sort(newestFirst));
  }
  return {
    seq: d.seq,
    all,
    feedIds: d.feedIds ?? p.feedIds,
    fetchedAt: d.fetchedAt,
    pendingAckIds: d.pendingAckIds,
    ackErrors: d.ackErrors,
  };
}

/** Two lists each newest first, as one. */
function mergeSorted(a: FleetEvent[], b: FleetEvent[]): FleetEvent[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: FleetEvent[] = new Array<FleetEvent>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = newestFirst(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
