import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

export function commandsHandlers(current: () => Connection): HandlerMap {
  return {
    'commands/templates': (a) => current().commands.templates(a.refresh),
    'commands/send': (a) => current().sendCommand(a),
  };
}
