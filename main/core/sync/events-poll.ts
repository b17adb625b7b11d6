/**
 * Fetches the feed and the full list of unacknowledged events together and stores them.
 * Both are needed: only the full list tells which events were acknowledged elsewhere
 * (the feed leaves muted groups out), and only the feed tells which ones the user muted.
 */
import type { FleetEvent } from '../../../common/resources';
import type { Cache } from '../cache';
import type { ConnectivityTracker } from './connectivity';
import type { Mutex } from './mutex';
import type { PollBody } from './poll-body';

export const FEED_IDS_KEY = 'events:feedIds';
export const EVENTS_DATASET = 'events';

export interface EventsApi {
  /** Bodies undecoded: the ingestor decodes and stores them off the event loop. */
  feedBody(e?: { signal?: AbortSignal }): Promise<PollBody>;
  listBody(e?: { signal?: AbortSignal }): Promise<PollBody>;
}

export interface EventsPollOptions {
  api: EventsApi;
  ingest: (feed: PollBody, all: PollBody, fetchedAt: number) => Promise<unknown>;
  connectivity: ConnectivityTracker;
  lock: Mutex;
  signal: AbortSignal;
  /** Settles when the positions being fetched have arrived: events are asked after them (live-sync.ts). */
  afterPositions?: () => Promise<void>;
  now?: () => number;
}

/**
 * What one poll changed in the stored unacknowledged events: the main thread updates its
 * model from this instead of reading and parsing the whole list again.
 */
export interface EventsIngested {
  /** Events that were not stored as unacknowledged before, or whose content changed. */
  upserted: FleetEvent[];
  /** Ids stored as unacknowledged before that the service no longer lists. */
  removed: number[];
  /** The ids the feed returned, in its order. */
  feedIds: number[];
  /**
   * Set when this is the whole stored picture rather than a change (a fresh worker's first
   * answer: its predecessor may have stored a poll nobody heard of): `upserted` is then every
   * unacknowledged event, these are the ids with an acknowledgement pending, and whatever the
   * model holds beyond them is gone.
   */
  full?: { pendingIds: number[] };
}

/** Stores one poll's two lists (both sides of the ingest worker run this) and says what changed. */
export function storeEvents(cache: Pick<Cache, 'events' | 'meta' | 'transaction'>, feed: FleetEvent[], all: FleetEvent[], at: number): EventsIngested {
  // The two lists are fetched at slightly different moments: an event new in the feed
  // is unacknowledged even if the full list was read just before it arrived.
  const known = new Set(all.map((e) => e.Id));
  const union = all.concat(feed.filter((e) => !known.has(e.Id)));
  const feedIds = feed.map((e) => e.Id);
  return cache.transaction(() => {
    const change = cache.events.replaceUnacknowledged(union, at);
    cache.meta.set(FEED_IDS_KEY, feedIds);
    return { ...change, feedIds };
  });
}

export function createEventsPoll(o: EventsPollOptions): () => Promise<void> {
  const now = o.now ?? Date.now;
  return async () => {
    // Outside the lock: the outbox's replays need not wait for the positions.
    await o.afterPositions?.();
    return o.lock.run(async () => {
      let feed: PollBody;
      let all: PollBody;
      o.signal.throwIfAborted();
      try {
        [feed, all] = await Promise.all([o.api.feedBody({ signal: o.signal }), o.api.listBody({ signal: o.signal })]);
      } catch (e) {
        if (!o.signal.aborted) o.connectivity.fail(EVENTS_DATASET, e);
        throw e;
      }
      if (o.signal.aborted) return;
      const at = now();
      try {
        await o.ingest(feed, all, at);
      } catch (e) {
        // A body that does not parse is the service's fault: said, and nothing half-stored.
        o.connectivity.fail(EVENTS_DATASET, e);
        throw e;
      }
      o.connectivity.ok(EVENTS_DATASET, at);
    });
  };
}
