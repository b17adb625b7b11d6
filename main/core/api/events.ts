/** Events: feed, full list, acknowledgement. */
import { FleetError } from '../../../common/errors';
import { EventSchema, type FleetEvent } from '../../../common/resources';
import type { Http } from './http';
import { call, extra, ignoreBody, many, rawBody, type Extra } from './shared';

const events = many(EventSchema);

export const EVENTS_FEED_ENDPOINT = 'GET /api/Events/feed';
export const EVENTS_ENDPOINT = 'GET /api/Events';

const polledEvents = many(EventSchema, { exact: true });
/** Parses a decoded events body (the ingest worker decodes it off the event loop, the exact-shape check first). */
export const parseEvents = (raw: unknown, endpoint: string): FleetEvent[] => polledEvents(raw, endpoint);

/** GET /api/Events/feed: unacknowledged events, without groups the user muted. */
export function getEventsFeed(http: Http, e?: Extra): Promise<FleetEvent[]> {
  return call(http, 'GET', '/api/Events/feed', events, extra(e));
}
/** GET /api/Events: unacknowledged events without the muting filter. */
export function listEvents(http: Http, e?: Extra): Promise<FleetEvent[]> {
  return call(http, 'GET', '/api/Events', events, extra(e));
}
/**
 * POST /api/Events/ack with the list of event ids. Acknowledging twice is harmless, so
 * this write is idempotent (retried like a read; the outbox may replay it).
 */
export async function ackEvents(http: Http, ids: readonly number[], e?: Extra): Promise<void> {
  if (!ids.every((id) => Number.isInteger(id))) throw new FleetError('invalid_input', 'POST /api/Events/ack: event ids must be integers');
  if (ids.length === 0) return;
  return call(http, 'POST', '/api/Events/ack', ignoreBody, { body: [...ids], idempotent: true, ...extra(e) });
}

export function eventsApi(http: Http) {
  return {
    feed: (e?: Extra) => getEventsFeed(http, e),
    list: (e?: Extra) => listEvents(http, e),
    /** The list bodies as they arrived: at thousands of events, decoding them is the ingestor's job. */
    feedBody: (e?: Extra) => rawBody(http, '/api/Events/feed', e),
    listBody: (e?: Extra) => rawBody(http, '/api/Events', e),
    ack: (ids: readonly number[], e?: Extra) => ackEvents(http, ids, e),
  };
}
