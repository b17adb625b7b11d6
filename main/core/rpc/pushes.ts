import type { PayloadOf, PushName } from '../../../common/contract';
import type { PushEnvelope } from '../../../common/envelope';

/** Fan-out of typed pushes to every connected renderer (windows, browser tabs). */
export interface PushBus {
  emit<P extends PushName>(name: P, payload: PayloadOf<P>): void;
  subscribe(listener: (env: PushEnvelope) => void): () => void;
}

export function createPushBus(): PushBus {
  const listeners = new Set<(env: PushEnvelope) => void>();
  return {
    emit(name, payload) {
      const env: PushEnvelope = { type: 'push', name, args: payload };
      for (const l of listeners) l(env);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
