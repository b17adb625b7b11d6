/**
 * The worker side of the protocol: one listener per worker that hands each request to its
 * role's handler and posts the reply. A request this role has no handler for is answered with
 * an error, so a client never waits forever on a message sent to the wrong role.
 */
import { CANCEL, errorReply, type HandlerContext, type Handlers, type MessageMap, type WireReply } from './protocol';

export interface Port {
  on(ev: 'message', cb: (m: unknown) => void): void;
  postMessage(m: WireReply, transfer?: ArrayBuffer[]): void;
}

/** What a role serves: its handlers, and what it does when a request is cancelled. */
export interface Served<M extends MessageMap> {
  handlers: Handlers<M>;
  /**
   * Called for every cancel, also of a request already answered: a fetch's body kept for a
   * caller that gave up is dropped at once (fetch.ts), not when its hold runs out.
   */
  cancelled?: (id: number) => void;
  /** Called once, after this worker's first answer (or failure) is posted: to a request of `firstKind` when named, else to any. */
  afterFirst?: () => void;
  firstKind?: string;
}

type AnyHandler = (req: unknown, ctx: HandlerContext) => unknown;

/** The handler of `kind`, or none: the one place a name from the wire meets the typed map. */
function handlerOf<M extends MessageMap>(handlers: Handlers<M>, kind: string): AnyHandler | undefined {
  if (!Object.prototype.hasOwnProperty.call(handlers, kind)) return undefined;
  // The client (client.ts) builds each request from the same map as these handlers.
  return (handlers as Record<string, AnyHandler>)[kind];
}

export function serveWorker<M extends MessageMap>(port: Port, name: string, served: Served<M>): void {
  const running = new Map<number, AbortController>();
  let first = () => {
    first = () => {};
    served.afterFirst?.();
  };
  port.on('message', (m) => {
    // Without a numeric id there is nobody to answer.
    if (typeof m !== 'object' || m === null || !('id' in m) || typeof m.id !== 'number') return;
    const id = m.id;
    const kind = 'kind' in m ? m.kind : undefined;
    if (kind === CANCEL) {
      running.get(id)?.abort();
      served.cancelled?.(id);
      return;
    }
    const handler = typeof kind === 'string' ? handlerOf(served.handlers, kind) : undefined;
    if (!handler) {
      port.postMessage(errorReply(id, new Error(`The ${name} has no message "${String(kind)}"`)));
      return;
    }
    const ctl = new AbortController();
    const ctx: HandlerContext = { id, signal: ctl.signal, transfer: [] };
    const counts = served.firstKind === undefined || served.firstKind === kind;
    const answer = (result: unknown) => {
      running.delete(id);
      port.postMessage({ id, result }, ctx.transfer);
      if (counts) first();
    };
    const fail = (e: unknown) => {
      running.delete(id);
      port.postMessage(errorReply(id, e));
      if (counts) first();
    };
    running.set(id, ctl);
    let out: unknown;
    try {
      out = handler(m, ctx);
    } catch (e) {
      fail(e);
      return;
    }
    if (out instanceof Promise) out.then(answer, fail);
    else answer(out);
  });
}
