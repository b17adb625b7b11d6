import type { HandlerMap } from '../rpc/dispatcher';
import type { OfflineFirst } from '../services';

/** Reads answer from the cache at once; an ack is durable before the reply, delivered after. */
export function eventsHandlers(offline: OfflineFirst): HandlerMap {
  return {
    'events/list': (a) => offline.current().events.list(a.scope),
    'events/ack': (a) => {
      const s = offline.current();
      const queued = s.events.ack(a.ids);
      s.changed();
      void s.outbox.flush();
      return queued;
    },
  };
}
