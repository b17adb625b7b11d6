/**
 * Fetches the feed and the full list of unacknowledged events together and stores them.
 * Both are needed: only the full list tells which events were acknowledged elsewhere
 * (the feed leaves muted groups out), and only the feed tells which ones the user muted.
 */
import type { FleetEvent } from '../../../common/resources';
import type { Cache } from '../cache';
import type { ConnectivityTracker } from './connectivity';
import type { Mutex } from './mutex';

export const FEED_IDS_KEY = 'events:feedIds';
export const EVENTS_DATASET = 'events';

export interface EventsApi {
  feed(e?: { signal?: AbortSignal }): Promise<FleetEvent[]>;
  list(e?: { signal?: AbortSignal }): Promise<FleetEvent[]>;
}

export interface EventsPollOptions {
  api: EventsApi;
  cache: Cache;
  connectivity: ConnectivityTracker;
  lock: Mutex;
  signal: AbortSignal;
  now?: () => number;
}

export function createEventsPoll(o: EventsPollOptions): () => Promise<void> {
  const now = o.now ?? Date.now;
  return () =>
    o.lock.run(async () => {
      let feed: FleetEvent[];
      let all: FleetEvent[];
      o.signal.throwIfAborted();
      try {
        [feed, all] = await Promise.all([o.api.feed({ signal: o.signal }), o.api.list({ signal: o.signal })]);
      } catch (e) {
        if (!o.signal.aborted) o.connectivity.fail(EVENTS_DATASET, e);
        throw e;
      }
      if (o.signal.aborted) return;
      // The two lists are fetched at slightly different moments: an event new in the feed
      // is unacknowledged even if the full list was read just before it arrived.
      const known = new Set(all.map((e) => e.Id));
      const union = all.concat(feed.filter((e) => !known.has(e.Id)));
      const at = now();
      o.cache.transaction(() => {
        o.cache.events.replaceUnacknowledged(union, at);
        o.cache.meta.set(FEED_IDS_KEY, feed.map((e) => e.Id));
      });
      o.connectivity.ok(EVENTS_DATASET, at);
    });
}
