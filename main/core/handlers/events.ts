import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

/** Reads answer from the cache at once; an ack is durable before the reply, delivered after. */
export function eventsHandlers(current: () => Connection): HandlerMap {
  return {
    'events/list': (a) => current().events.list(a.scope),
    'events/ack': (a) => current().ackEvents(a.ids),
  };
}
