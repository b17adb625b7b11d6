import type { PushBus } from '../rpc/pushes';
import type { HandlerMap } from '../rpc/dispatcher';

/** Browser mode's way to the navigation the desktop menu pushes: every page hears it (common/methods/shell.ts). */
export function shellHandlers(bus: PushBus): HandlerMap {
  return {
    'shell/navigate': (a) => {
      bus.emit('shell/navigate', { route: a.route });
      return { sent: true as const };
    },
  };
}
