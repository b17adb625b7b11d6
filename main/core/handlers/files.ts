import type { HandlerMap } from '../rpc/dispatcher';
import type { SessionService } from '../session/session-service';
import type { ActiveSession } from '../session/session-service';
import type { HistoryExtras } from '../history';

/** File bodies come from the history services (downloaded once, then from the cache). */
export function filesHandlers(session: SessionService, of: (s: ActiveSession) => { extras: Pick<HistoryExtras, 'file'> }): HandlerMap {
  return {
    'files/get': (a) => of(session.current()).extras.file(a.uid),
  };
}
