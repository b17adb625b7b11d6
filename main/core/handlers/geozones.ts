import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

export function geozonesHandlers(current: () => Connection): HandlerMap {
  return {
    'geozones/list': () => current().geozones.list(),
  };
}
