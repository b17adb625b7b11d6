import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

/** Reads answer from the cache at once; the pollers keep it fresh and push deltas. */
export function liveHandlers(current: () => Connection): HandlerMap {
  return {
    'objects/list': () => current().live.objects(),
    'status/snapshot': () => current().live.snapshot(),
    'objects/details': (a) => current().live.details(a.id),
    'objects/groups': () => current().live.groups(),
  };
}
