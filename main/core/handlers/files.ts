import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

/** files/*: the Files view (`../files/`). Bodies themselves: `files/get` (history handlers). */
export function filesHandlers(current: () => Connection): HandlerMap {
  return {
    'files/find': (a) => current().files.find(a.objectIds, a.from, a.till),
    'files/save': (a) => current().files.save(a.uid),
    'files/zip': (a) => current().files.zip(a.uids),
    'files/attach': (a) => current().files.attach(a),
  };
}
