import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

export function outboxHandlers(current: () => Connection): HandlerMap {
  return {
    'outbox/list': () => current().outboxState(),
    'outbox/retry': (a) => current().retryOutbox(a.id),
    'outbox/discard': (a) => current().discardOutbox(a.id),
  };
}
