/**
 * Big bodies fetched by the worker that stores them and kept there: poll bodies by the
 * ingest worker, history windows by the history writer. At 50,000 objects a status body is
 * megabytes arriving in hundreds of chunks, and a month of history 200 MB: each chunk is a
 * task on the event loop, and the stream's objects are garbage the main heap collects.
 * Together they were the largest stalls left on the main side. So the worker does the fetch
 * and keeps a successful body; the main side gets a Response with the status line and
 * headers and no body, carrying a handle (api/http.ts HELD_BODY) that it passes back to the
 * worker. The HTTP policy (token, timeouts, retries, 401 re-sign-in, error mapping) stays
 * in api/http.ts, which is given this as its fetch.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { FleetError } from '../../../common/errors';
import { networkErrorCodes } from '../api/errors';
import { BodyLimitError, boundFor, chunksText, DEFAULT_BODY_LIMITS, readBounded, streamBounded, type BodyBound, type TopContainers } from '../api/body-limits';
import { HELD_BODY, type BoundedInit, type HeldBody, type SpoolAs } from '../api/held-body';
import { removeStartingWith } from '../seams/private-files';
import type { Handlers, Message } from './protocol';

export interface FetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** How large and deep the body may be (api/body-limits.ts): checked here, while it is read. */
  bound?: BodyBound;
  /** Put the body down in a file as it arrives, not in memory (a worker given a place for it: fetchRole), noting what its reader needs. */
  spool?: SpoolAs;
}

/**
 * A body put down in a file as it arrived (its reader reads it a block at a time:
 * api/json-blocks.ts), and removed by whoever takes it once read (`discardBody`).
 */
export interface SpooledBody {
  spooled: string;
  bytes: number;
  /** The SHA-256 of its bytes (base64), where asked for, taken as they passed: whether a list is the one stored is known without reading the file again. */
  sha256?: string;
  /** Where asked for and noted: where the arrays and objects inside its top-level object lie (api/body-limits.ts TopContainers `at`). */
  tops?: readonly number[];
}

export const isSpooledBody = (v: unknown): v is SpooledBody => typeof v === 'object' && v !== null && 'spooled' in v;

/** A held body as its taker gets it. */
export type HeldContent = Uint8Array[] | SpooledBody;

/** A spooled body's bytes, read back whole (a plain view: the frame codec and structured clone know Uint8Array, not Buffer). */
export function spooledBytes(body: SpooledBody): Uint8Array {
  const b = readFileSync(body.spooled);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** A held body's chunks: a spooled one read back whole (and its file removed), for a taker that reads bodies whole. */
export function chunksOf(body: HeldContent): Uint8Array[] {
  if (Array.isArray(body)) return body;
  try {
    return [spooledBytes(body)];
  } finally {
    discardBody(body);
  }
}

/** Removes a spooled body's file; anything else is left to the collector. */
export function discardBody(body: unknown): void {
  if (isSpooledBody(body)) rmSync(body.spooled, { force: true });
}
export type FetchAnswer =
  | { status: number; statusText: string; headers: [string, string][]; held?: HeldBody; text?: string }
  | { failed: { name: string; message: string; codes: string[] } }
  /** The body passed a limit: reading stopped; not a network failure, and not worth asking again. */
  | { refused: { message: string; endpoint: string } };

/** The fetch role: served by every worker that keeps the bodies it stores. */
export type FetchMessages = {
  fetch: Message<FetchRequest, FetchAnswer>;
};

/**
 * Node compiles its fetch (its bundled undici) at the first touch of any of its globals: a
 * spare touches one before its first fetch is on anyone's way.
 */
export function loadFetch(): void {
  if (typeof Response !== 'function') throw new Error('This Node has no fetch');
}

/** How the main side sends a fetch to its worker (a WorkerClient of a role with FetchMessages). */
export type SendFetch = (req: FetchRequest, signal?: AbortSignal) => Promise<FetchAnswer>;

/** A body not asked for within this time was for a request that gave up: dropped. */
export const HOLD_MS = 60_000;

/** The main side: a fetch for api/http.ts whose successful bodies stay in the worker. */
export function heldBodyFetch(send: SendFetch): typeof fetch {
  return async (input, init) => {
    // JSON requests only (a history window's interval): a form or a stream stays on the client's own fetch.
    if (init?.body != null && typeof init.body !== 'string') throw new TypeError('A fetch that keeps its body in the worker sends text bodies only');
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const { bodyBound: bound, spool } = (init as BoundedInit | undefined) ?? {};
    const answer = send(
      {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: plainHeaders(init?.headers),
        ...(typeof init?.body === 'string' ? { body: init.body } : {}),
        ...(bound ? { bound } : {}),
        ...(spool ? { spool } : {}),
      },
      signal,
    );
    // A cancelled fetch settles now; the worker's late answer is dropped with what it fetched.
    if (signal) answer.catch(() => {});
    let a: FetchAnswer;
    try {
      a = await (signal ? Promise.race([answer, rejectOnAbort(signal)]) : answer);
    } catch (e) {
      if (signal?.aborted) throw e;
      // The worker stopped (or kept stopping): this side failed, not the network, so the
      // console is not called offline for it; http.ts retries it like a server failure.
      throw new FleetError('server_error', e instanceof Error ? e.message : String(e), { cause: e });
    }
    if ('failed' in a) throw rebuiltNetworkError(a.failed);
    if ('refused' in a) throw new BodyLimitError('server_error', a.refused.message, { endpoint: a.refused.endpoint });
    const res = new Response(a.text ?? null, { status: a.status, statusText: a.statusText, headers: a.headers });
    if (a.held !== undefined) Object.defineProperty(res, HELD_BODY, { value: a.held });
    return res;
  };
}

function plainHeaders(h: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(h).entries());
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * The failure as fetch would have thrown it on this side (a TypeError whose causes carry
 * the network codes), so http.ts tells "never sent" from "sent, then lost" the same way.
 */
function rebuiltNetworkError(f: { name: string; message: string; codes: string[] }): Error {
  const causes = f.codes.map((code) => Object.assign(new Error(code), { code }));
  const e = new TypeError(f.message, { cause: new AggregateError(causes, f.message) });
  e.name = f.name;
  return e;
}

export interface HeldBodies {
  /** A held body, given up by the worker (a second take fails): its chunks, or its spool file's name, which the taker discards. */
  take(h: HeldBody): HeldContent;
  /** Drops the body kept for request `id`, if any (its caller gave up). */
  drop(id: number): void;
}

/**
 * The worker side: fetches, and keeps successful bodies for the ingestor or the history
 * writer, which take them by handle. Given `spoolTo` (a file name prefix), a request that asks
 * for it has its body written there as it arrives instead (the object list and the profile,
 * each over 100 MB at 100,000 objects, and the status, 60 MB: decisions 0060 and 0065);
 * files left by a worker that stopped are removed at start.
 */
export function fetchRole(holdMs = HOLD_MS, spoolTo?: string): { handlers: Handlers<FetchMessages>; held: HeldBodies } {
  const held = new Map<number, { body: HeldContent; timer: ReturnType<typeof setTimeout> }>();
  if (spoolTo !== undefined) removeStartingWith(spoolTo);
  const drop = (id: number) => {
    const b = held.get(id);
    if (!b) return;
    clearTimeout(b.timer);
    held.delete(id);
    discardBody(b.body);
  };
  const fetchBody = async ({ url, method, headers, body, bound: asked, spool }: FetchRequest, id: number, signal: AbortSignal): Promise<FetchAnswer> => {
    const bound = asked ?? boundFor(DEFAULT_BODY_LIMITS, `${method} ${new URL(url).pathname}`, new URL(url).pathname, true);
    const res = await fetch(url, { method, headers, signal, ...(body !== undefined ? { body } : {}) });
    const head = { status: res.status, statusText: res.statusText, headers: [...res.headers] };
    // An error answer is read for its message only, and no further than a megabyte.
    if (!res.ok) return { ...head, text: await readBounded(res, { ...bound, maxDepth: null, maxBytes: Math.min(bound.maxBytes, 1 << 20) }).then(chunksText, () => '') };
    // The whole body is read before answering: a connection lost mid-body is a failed fetch.
    const kept = spool && spoolTo !== undefined ? await spoolBody(res, bound, `${spoolTo}${threadId}-${id}`, spool) : await readBounded(res, bound);
    if (signal.aborted) {
      discardBody(kept);
      throw signal.reason;
    }
    const timer = setTimeout(() => drop(id), holdMs);
    timer.unref?.();
    held.set(id, { body: kept, timer });
    const bytes = Array.isArray(kept) ? kept.reduce((n, c) => n + c.byteLength, 0) : kept.bytes;
    return { ...head, held: { held: id, bytes, worker: threadId } };
  };
  return {
    handlers: {
      fetch: (req, { id, signal }) =>
        fetchBody(req, id, signal).catch((e: unknown): FetchAnswer =>
          e instanceof BodyLimitError || e instanceof SpoolError
            ? { refused: { message: e.message, endpoint: e.endpoint } }
            : { failed: { name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e), codes: networkErrorCodes(e) } },
        ),
    },
    held: {
      take(h) {
        // Its worker died with the bytes (client.ts started this one in its place).
        if (h.worker !== threadId) throw new Error('The answer was kept by a worker that has since stopped; it is fetched again next time');
        const b = held.get(h.held);
        if (!b) throw new FleetError('server_error', 'The answer was dropped before it could be stored (it waited over a minute); it is fetched again next time');
        held.delete(h.held);
        clearTimeout(b.timer);
        return b.body;
      },
      drop,
    },
  };
}

/** The body written to `file` (the owner's only) as it arrives; the file removed if reading fails. */
async function spoolBody(res: Response, bound: BodyBound, file: string, as: SpoolAs): Promise<SpooledBody> {
  const local = (e: unknown) => new SpoolError(`${bound.endpoint}: the answer could not be put down beside the cache (${e instanceof Error ? e.message : String(e)})`, bound.endpoint);
  let fd: number;
  try {
    fd = openSync(file, 'w', 0o600);
  } catch (e) {
    await res.body?.cancel().catch(() => {});
    throw local(e);
  }
  let bytes: number;
  const hash = as.sha256 ? createHash('sha256') : undefined;
  // Noted by the depth check, which walks every byte anyway: a body not checked (not JSON) has none.
  const tops: TopContainers | undefined = as.members && bound.maxDepth !== null ? { at: [], overflow: false } : undefined;
  try {
    bytes = await streamBounded(
      res,
      bound,
      (c) => {
        hash?.update(c);
        try {
          for (let at = 0; at < c.byteLength; ) at += writeSync(fd, c, at);
        } catch (e) {
          throw local(e);
        }
      },
      tops,
    );
  } catch (e) {
    closeSync(fd);
    rmSync(file, { force: true });
    throw e;
  }
  closeSync(fd);
  return { spooled: file, bytes, ...(hash ? { sha256: hash.digest('base64') } : {}), ...(tops && !tops.overflow ? { tops: tops.at } : {}) };
}

/**
 * The spool file could not be written (a full or read-only disk): this side's failure, not the
 * network's, so the connection is not called offline for it; answered as a refusal, not retried.
 */
class SpoolError extends Error {
  constructor(
    message: string,
    readonly endpoint: string,
  ) {
    super(message);
  }
}

