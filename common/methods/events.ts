import { z } from 'zod';
import { method, push } from '../define';
import type { FleetEvent } from '../resources';

/** 'feed': GET /api/Events/feed (muted groups left out); 'all': GET /api/Events. */
export type EventScope = 'feed' | 'all';

/** An acknowledgement the service refused for good: the event is back in the lists with this reason. */
export interface AckError {
  eventId: number;
  /** The outbox entry to retry or discard (`outbox/retry`, `outbox/discard`). */
  entryId: number;
  error: string;
}

export interface EventsList {
  scope: EventScope;
  /** Unacknowledged events, newest first, without those whose acknowledgement is queued. */
  events: FleetEvent[];
  /** The ids of the events the feed returns (muted groups left out); `events` of scope 'all' restricted to them is the feed. */
  feedIds: number[];
  /**
   * The `events/changed` push this list matches: the next push has `base` equal to it,
   * and a view applies pushes from there on.
   */
  seq: number;
  /** When the service last confirmed the list (Unix ms), null if never. */
  fetchedAt: number | null;
  /** Events acknowledged here whose acknowledgement the service has not confirmed yet. */
  pendingAckIds: number[];
  ackErrors: AckError[];
}

/**
 * What changed in the full list (scope 'all') since the previous push: ten thousand
 * unacknowledged events are megabytes, so only the difference travels. Pushes are
 * numbered: `seq` is one more than `base`, the seq of the push (or `events/list` reply)
 * it applies to. A view whose seq is not `base` missed something (a second window, a
 * reconnect) and loads the whole list again with `events/list`.
 *
 * A view applies it by dropping `removed`, putting `upserted` (new events, or events whose
 * content changed) and keeping the list newest first (Time desc, then Id desc). The feed
 * is the list restricted to `feedIds`, which comes only when it changed.
 */
export interface EventsChanged {
  seq: number;
  base: number;
  upserted: FleetEvent[];
  removed: number[];
  /** Present only when the feed's ids changed. */
  feedIds?: number[];
  fetchedAt: number | null;
  /** Whole, every time (small): events whose acknowledgement is queued here. */
  pendingAckIds: number[];
  /** Whole, every time (small). */
  ackErrors: AckError[];
  /**
   * More pushes of the same change follow: a big one (a catch-up after an outage) goes in
   * slices, so that no window decodes and applies megabytes in one task. Each slice is a
   * delta of its own; the first carries `removed` and `feedIds`. A view may wait for the
   * last before it shows the change or tells of new events.
   */
  more?: true;
}

export interface AckQueued {
  /** Outbox entry that carries the acknowledgement (delivered in order, retried until confirmed). */
  entryId: number;
  ids: number[];
}

export const eventsMethods = {
  'events/list': method<EventsList>()(z.object({ scope: z.enum(['feed', 'all']).default('feed') })),
  /** Optimistic: the events leave the lists at once; the acknowledgement goes through the outbox. */
  'events/ack': method<AckQueued>()(
    z.object({ ids: z.array(z.number().int()).min(1, 'give at least one event id').max(10_000) }),
    { write: true },
  ),
};

export const eventsPushes = {
  /** The list changed (a poll brought new, changed or removed events, an ack was queued, confirmed or refused): the difference. */
  'events/changed': push<EventsChanged>(),
};
