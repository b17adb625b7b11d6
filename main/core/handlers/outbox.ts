import type { HandlerMap } from '../rpc/dispatcher';
import type { OfflineFirst } from '../services';
import { failedEntry, outboxState } from '../services/outbox';

export function outboxHandlers(offline: OfflineFirst): HandlerMap {
  return {
    'outbox/list': () => outboxState(offline.current().active.cache),
    'outbox/retry': (a) => {
      const s = offline.current();
      const { cache } = s.active;
      const entry = failedEntry(cache, a.id);
      cache.transaction(() => {
        cache.outbox.retry(entry.id);
        s.events.requeued(entry);
      });
      s.changed();
      void s.outbox.flush();
      return outboxState(cache);
    },
    'outbox/discard': (a) => {
      const s = offline.current();
      const { cache } = s.active;
      cache.outbox.discard(failedEntry(cache, a.id).id);
      s.changed();
      return outboxState(cache);
    },
  };
}
