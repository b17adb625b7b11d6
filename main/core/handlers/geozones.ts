import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

export function geozonesHandlers(current: () => Connection): HandlerMap {
  return {
    'geozones/list': () => current().geozones.list(),
    'geozones/groups': () => current().geozones.groups(),
    'geozones/create': (a) => current().geozones.create(a.zone),
    'geozones/update': (a) => current().geozones.update(a.id, a.zone),
    'geozones/delete': (a) => current().geozones.remove(a.id),
  };
}
