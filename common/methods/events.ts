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
  /** When the service last confirmed the list (Unix ms), null if never. */
  fetchedAt: number | null;
  /** Events acknowledged here whose acknowledgement the service has not confirmed yet. */
  pendingAckIds: number[];
  ackErrors: AckError[];
}

/**
 * The whole picture after any change, so a view never has to merge deltas: the feed is
 * `all` restricted to `feedIds` (same order).
 */
export interface EventsChanged {
  all: FleetEvent[];
  feedIds: number[];
  fetchedAt: number | null;
  pendingAckIds: number[];
  ackErrors: AckError[];
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
  /** The feed or full list changed (poll brought new or removed events, an ack was queued, confirmed or refused). */
  'events/changed': push<EventsChanged>(),
};
