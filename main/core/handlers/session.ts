import type { HandlerMap } from '../rpc/dispatcher';
import type { SessionService } from '../session/session-service';

export function sessionHandlers(session: SessionService): HandlerMap {
  return {
    'session/state': () => session.state(),
    'session/signIn': (a) => session.signIn(a),
    'session/resume': (a) => session.resume(a),
    'session/useDemo': () => session.useDemo(),
    'session/signOut': (a) => session.signOut(a),
    'session/connections': () => session.connections(),
    'session/switch': (a) => session.switchTo(a),
    'session/rename': (a) => session.rename(a),
    'session/forget': (a) => session.forget(a),
    'session/clearCache': (a) => session.clearCache(a),
  };
}
