/** Typed calls and pushes over whichever transport this window has. */
import type { ArgsIn, MethodName, PayloadOf, PushName, ResultOf } from '../../../common/contract';
import { ERROR_TEXT, type ErrorCode } from '../../../common/errors';
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
  /** What to show a person: the plain meaning of the code, and the server's words when they add something. */
  get text(): string {
    if (this.message === NO_SESSION || this.message === LINK_INVALID) return this.message;
    const plain = ERROR_TEXT[this.code] ?? 'Something went wrong.';
    return this.message && this.message !== plain ? `${plain} (${this.message})` : plain;
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
