import type { HandlerMap } from '../rpc/dispatcher';
import type { SessionService } from '../session/session-service';

export function sessionHandlers(session: SessionService): HandlerMap {
  return {
    'session/state': () => session.state(),
    'session/signIn': (a) => session.signIn(a),
    'session/resume': (a) => session.resume(a),
    'session/useDemo': () => session.useDemo(),
    'session/signOut': (a) => session.signOut(a),
  };
}
