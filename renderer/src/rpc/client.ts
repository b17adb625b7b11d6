/** Typed calls and pushes over whichever transport this window has. */
import type { ArgsIn, MethodName, PayloadOf, PushName, ResultOf } from '../../../common/contract';
import { ERROR_TEXT, type ErrorCode } from '../../../common/errors';
import { i18n } from '../i18n';
import { deadlineMs, timeoutError } from './deadline';
import { createTransport, LINK_INVALID, NO_SESSION, type LinkState } from './transport';

export class RpcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
  /**
   * What to show a person: the plain meaning of the code in the screen's language (common/ keeps
   * the English reference, ERROR_TEXT), and the server's words when they add something.
   */
  get text(): string {
    if (this.message === NO_SESSION) return i18n.t('rpc:noSession');
    if (this.message === LINK_INVALID) return i18n.t('rpc:linkInvalid');
    const plain = this.code in ERROR_TEXT ? i18n.t(`rpc:codes.${this.code}`) : i18n.t('rpc:unknown');
    const same = !this.message || this.message === plain || this.message === ERROR_TEXT[this.code];
    return same ? plain : i18n.t('rpc:withDetail', { plain, detail: this.message });
  }
}

const transport = createTransport();
let nextId = 1;

/** Every call settles: with its reply, or after its method's deadline (deadline.ts) with a clear error. */
export async function rpc<N extends MethodName>(name: N, args: ArgsIn<N>): Promise<ResultOf<N>> {
  const id = nextId++;
  const ms = deadlineMs(name);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      transport.forget(id);
      const e = timeoutError(name, ms);
      reject(new RpcError(e.code, e.message));
    }, ms);
  });
  try {
    const reply = await Promise.race([transport.rpc({ id, name, args }), late]);
    if (reply.type === 'error') throw new RpcError(reply.error.code, reply.error.message);
    return reply.result as ResultOf<N>;
  } finally {
    clearTimeout(timer);
  }
}

export function onPush<P extends PushName>(name: P, cb: (payload: PayloadOf<P>) => void): () => void {
  return transport.onPush((env) => {
    if (env.name === name) cb(env.args as PayloadOf<P>);
  });
}

export function onLink(cb: (s: LinkState) => void): () => void {
  return transport.onLink(cb);
}
