import { isFleetError } from '../../../common/errors';
import type { HandlerMap } from '../rpc/dispatcher';
import type { OfflineFirst } from '../services';

export function commandsHandlers(offline: OfflineFirst): HandlerMap {
  return {
    'commands/templates': (a) => offline.current().commands.templates(a.refresh),
    'commands/send': async (a) => {
      const s = offline.current();
      try {
        const sent = await s.commands.send(a);
        s.expectOutcomes();
        return sent;
      } catch (e) {
        // Perhaps accepted: its outcome, if any, is what the operator was told to look for.
        if (isFleetError(e) && e.code === 'unknown_outcome') s.expectOutcomes();
        throw e;
      }
    },
  };
}
