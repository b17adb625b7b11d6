/** Typed calls and pushes over whichever transport this window has. */
import type { ArgsIn, MethodName, PayloadOf, PushName, ResultOf } from '../../../common/contract';
import type { ErrorCode } from '../../../common/errors';
import { errorText } from './error-text';
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
    return errorText(this.code, this.message, { noSession: NO_SESSION, linkInvalid: LINK_INVALID });
  }
}

const transport = createTransport();
let nextId = 1;

/**
 * The fleet's two big reads: in browser mode their replies are asked for by HTTP as the request
 * goes (decision 0069), so the bytes come while the page draws its shell.
 */
const BIG_REPLIES: ReadonlySet<MethodName> = new Set(['objects/list', 'status/snapshot']);

/** A request id no one can guess, that names its reply on the host (`CLAIM_ID`). */
function claimId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return `claim-${btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_')}`;
}

/** Every call settles: with its reply, or after its method's deadline (deadline.ts) with a clear error. */
export async function rpc<N extends MethodName>(name: N, args: ArgsIn<N>): Promise<ResultOf<N>> {
  const id = transport.claims && BIG_REPLIES.has(name) ? claimId() : nextId++;
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
