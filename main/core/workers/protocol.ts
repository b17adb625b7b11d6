/**
 * The one protocol between the main side and its worker threads. Each role's messages are a
 * map of name → request and reply types, as common/define.ts types the renderer's methods:
 * the client's calls (client.ts) and the worker's handlers (serve.ts) are both checked
 * against the same map, so a message added to a map needs its handler before tsc passes.
 */
import { isFleetError, type ErrorCode } from '../../../common/errors';

/** One message a worker answers: the fields its request carries and what it replies. */
export interface Message<Q extends object, R> {
  request: Q;
  reply: R;
}

export type MessageMap = Record<string, Message<object, unknown>>;
export type RequestOf<M extends MessageMap, K extends keyof M> = M[K]['request'];
export type ReplyOf<M extends MessageMap, K extends keyof M> = M[K]['reply'];

/** A request that carries nothing beyond its name. */
export type NoFields = Record<never, never>;

/**
 * Sent by the client when the caller's signal aborts a request still pending; the handler's
 * signal aborts. One name for every role, so no role may use it for a message of its own.
 */
export const CANCEL = 'cancel';

/** A request as posted: the map's fields plus its id and name. */
export type WireRequest<M extends MessageMap> = { [K in keyof M & string]: { id: number; kind: K } & RequestOf<M, K> }[keyof M & string];

export interface ErrorInfo {
  code: ErrorCode | null;
  message: string;
}
export type WireReply<R = unknown> = { id: number; result: R } | { id: number; error: ErrorInfo };

/** What a handler has besides its request. */
export interface HandlerContext {
  id: number;
  /** Aborts when the client cancels this request. */
  signal: AbortSignal;
  /** Buffers of the reply to hand over rather than copy (the reply's own, never shared ones). */
  transfer: ArrayBuffer[];
}

/**
 * The worker side of a map: one handler per message, no more and no less. A handler that
 * answers without a promise is answered in the same turn.
 */
export type Handlers<M extends MessageMap> = {
  [K in keyof M]: (req: RequestOf<M, K>, ctx: HandlerContext) => ReplyOf<M, K> | Promise<ReplyOf<M, K>>;
};

/** The file every worker thread runs. */
export interface WorkerScript {
  /** The worker entry (built: out/main/worker.js). */
  script: URL | string;
  /** E.g. ['--import', 'tsx'] to run the TypeScript entry from sources. */
  execArgv?: string[];
}

/** A worker's reply to a request that failed: its FleetError code kept, if it had one. */
export function errorReply(id: number, e: unknown): { id: number; error: ErrorInfo } {
  return { id, error: { code: isFleetError(e) ? e.code : null, message: e instanceof Error ? e.message : String(e) } };
}

/** The buffers a message can hand over instead of copying. */
export function transferables(...values: unknown[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const v of values.flat()) {
    // Only a view that owns its whole buffer: a Node Buffer may be a slice of a shared pool.
    if (!ArrayBuffer.isView(v) || !(v.buffer instanceof ArrayBuffer) || v.byteOffset !== 0 || v.byteLength !== v.buffer.byteLength) continue;
    if (!out.includes(v.buffer)) out.push(v.buffer);
  }
  return out;
}
