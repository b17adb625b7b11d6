/**
 * Fetches the feed, stores it, then fetches and stores the full list of unacknowledged events.
 * Both are needed: only the full list tells which events were acknowledged elsewhere (the feed
 * leaves muted groups out), and only the feed tells which ones the user muted. The feed is
 * what the operator watches, so it is asked first and shown before the list is asked: a
 * service that answers one request at a time built the list first half the time (decision 0067).
 */
import type { EventScope } from '../../../common/methods/events';
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
  /** Stores one list: the feed, then the full list; each is on screen once this settles. */
  ingest: (scope: EventScope, body: PollBody, fetchedAt: number) => Promise<unknown>;
  connectivity: ConnectivityTracker;
  lock: Mutex;
  signal: AbortSignal;
  /** Settles when the positions being fetched have arrived: events are asked after them (live-sync.ts). */
  afterPositions?: () => Promise<void>;
  /**
   * Settles when the full list may be asked: a first sign-in's names first (decision 0079). A
   * service building the list while it sent the names held them back by the list's cost.
   */
  beforeFullList?: () => Promise<void>;
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

/** Stores the feed (both sides of the ingest worker run this): its events are unacknowledged, whatever else is stored. */
export function storeFeed(cache: Pick<Cache, 'events' | 'meta' | 'transaction'>, feed: FleetEvent[], at: number): EventsIngested {
  const feedIds = feed.map((e) => e.Id);
  return cache.transaction(() => {
    const upserted = cache.events.upsertUnacknowledged(feed, at);
    cache.meta.set(FEED_IDS_KEY, feedIds);
    return { upserted, removed: [], feedIds };
  });
}

/** Stores the full list, read after the feed stored, and says what changed. */
export function storeAll(cache: Pick<Cache, 'events' | 'meta' | 'transaction'>, all: FleetEvent[], at: number): EventsIngested {
  return cache.transaction(() => {
    const feedIds = cache.meta.get<number[]>(FEED_IDS_KEY) ?? [];
    // A service may list an event in its feed a moment before its full list: it is kept
    // unacknowledged until a list without it follows, rather than shown, hidden and shown again.
    return { ...cache.events.replaceUnacknowledged(all, at, feedIds), feedIds };
  });
}

export function createEventsPoll(o: EventsPollOptions): () => Promise<void> {
  const now = o.now ?? Date.now;
  const fetchAndStore = async (scope: EventScope, fetch: EventsApi['feedBody']) => {
    o.signal.throwIfAborted();
    let body: PollBody;
    try {
      body = await fetch({ signal: o.signal });
    } catch (e) {
      if (!o.signal.aborted) o.connectivity.fail(EVENTS_DATASET, e);
      throw e;
    }
    // Stopped while it was on its way: nothing more is stored or asked.
    if (o.signal.aborted) return false;
    try {
      await o.ingest(scope, body, now());
    } catch (e) {
      // A body that does not parse is the service's fault: said, and nothing of it stored.
      o.connectivity.fail(EVENTS_DATASET, e);
      throw e;
    }
    return true;
  };
  return async () => {
    // Outside the lock: the outbox's replays need not wait for the positions.
    await o.afterPositions?.();
    return o.lock.run(async () => {
      // Under the lock from the feed's fetch to the list's store: an acknowledgement replayed in
      // between would be shown unacknowledged again by a list read before it.
      if (!(await fetchAndStore('feed', o.api.feedBody))) return;
      await o.beforeFullList?.();
      if (!(await fetchAndStore('all', o.api.listBody))) return;
      o.connectivity.ok(EVENTS_DATASET, now());
    });
  };
}
