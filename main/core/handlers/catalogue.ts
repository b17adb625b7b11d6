import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

export function catalogueHandlers(current: () => Connection): HandlerMap {
  return {
    'catalogue/list': (a) => current().catalogue.list(a.collection, a.cached),
    'catalogue/get': (a) => current().catalogue.get(a.collection, a.id),
    'catalogue/create': (a) => current().catalogue.create(a.collection, a.record),
    'catalogue/update': (a) => current().catalogue.update(a.collection, a.id, a.record),
    'catalogue/delete': (a) => current().catalogue.remove(a.collection, a.id),
    'catalogue/pending': (a) => ({ changes: current().catalogue.pending.list(a.collection) }),
    'catalogue/cancelPending': (a) => ({ changes: current().catalogue.pending.cancel(a.id) }),
    'catalogue/resolve': async (a) => ({ changes: await current().catalogue.pending.resolve(a.id, a.keep) }),
    'catalogue/imeiAvailable': (a) => current().catalogue.imeiAvailable(a.imei),
    'catalogue/models': () => current().catalogue.models(),
    'catalogue/companyStats': (a) => current().catalogue.companyStats(a.companyId),
  };
}
