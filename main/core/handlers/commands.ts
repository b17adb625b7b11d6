import type { HandlerMap } from '../rpc/dispatcher';
import type { OfflineFirst } from '../services';

export function commandsHandlers(offline: OfflineFirst): HandlerMap {
  return {
    'commands/templates': (a) => offline.current().commands.templates(a.refresh),
    'commands/send': (a) => offline.current().commands.send(a),
  };
}
