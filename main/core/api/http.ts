/**
 * The one HTTP path to a fleet server: timeouts, bounded concurrency, retries with
 * backoff for idempotent calls, 429/Retry-After, single-flight re-sign-in on 401, and
 * the mapping of every failure onto a FleetError code. README.md has the policy in words.
 */
import { FleetError } from '../../../common/errors';
import { ApiError, describeNetworkError, errorForStatus, failedBeforeSending, parseRetryAfter } from './errors';
import { BodyLimitError, boundFor, chunksText, DEFAULT_BODY_LIMITS, joinChunks, readBounded, type BodyLimits } from './body-limits';
import { fileNameFrom } from './content-disposition';
import { heldBodyOf, type BoundedInit, type SpoolAs } from './held-body';
import { Semaphore } from './semaphore';

export { Semaphore } from './semaphore';
import { decodeBodyDetailed, type ApiLog } from './tolerant';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type QueryValue = string | number | boolean | null | undefined;

/** What `parse` receives for `responseType: 'bytes'`. */
export interface RawBytes {
  bytes: Uint8Array;
  mediaType: string;
  fileName?: string;
}

export interface RequestOptions<T> {
  method: HttpMethod;
  /** Path under the server address, starting with '/api/'. */
  path: string;
  /** JSON-serialisable value, or FormData (sent as multipart/form-data). */
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /**
   * Safe to repeat. Defaults to true for GET, false for everything else. A non-idempotent
   * request is never retried; a timeout or dropped connection after sending it is
   * 'unknown_outcome'.
   */
  idempotent?: boolean;
  /** Turns the decoded body (JSON value, undefined when empty) into the result. */
  parse: (raw: unknown) => T;
  /** "GET /api/ObjectsStatus": used in messages. */
  endpoint: string;
  /**
   * 'json' (default): body text decoded tolerantly. 'bytes': parse gets RawBytes.
   * 'text': parse gets the body text undecoded. 'raw': parse gets the JSON body's bytes
   * as it arrived, in chunks (Uint8Arrays that each own their buffer, so they can be
   * transferred), for callers that decode it off the event loop: a 50,000-object status
   * is megabytes of JSON, and even joining its chunks or decoding its UTF-8 shows. Or,
   * when the fetch kept the body (HeldBody), the handle to it.
   */
  responseType?: 'json' | 'bytes' | 'text' | 'raw';
  /** Cancels the request (and its retries) from outside. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (long history loads, uploads). */
  timeoutMs?: number;
  /** Overrides the client's fetch for this call (a history window fetched by the worker that stores it). */
  fetchImpl?: typeof fetch;
  /** A body for a fetch that keeps bodies elsewhere to put down in a file as it arrives (workers/fetch.ts); the ordinary fetch ignores it. */
  spool?: SpoolAs;
}

export interface HttpOptions {
  baseUrl: string;
  getToken: () => Promise<string | null>;
  /** Re-sign-in after a 401; resolve true when a new token is available (retry once). */
  onUnauthorized?: () => Promise<boolean>;
  timeoutMs?: number;
  maxInFlight?: number;
  /** Extra attempts for idempotent requests after the first one. */
  retries?: number;
  fetchImpl?: typeof fetch;
  log?: ApiLog;
  /** Told of each failed attempt that will be retried (retries never reach a caller's outcome). */
  onRetry?: (error: FleetError) => void;
  /** Largest answer per endpoint family and deepest JSON nesting (body-limits.ts). */
  bodyLimits?: BodyLimits;
  /** Backoff base and cap (ms). Exponential with full jitter: random(0, min(cap, base·2^n)). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A Retry-After longer than this is not waited for: rate_limited is thrown at once. */
  maxRetryAfterMs?: number;
  /** Injected in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface Http {
  readonly baseUrl: string;
  request<T>(options: RequestOptions<T>): Promise<T>;
  /** Requests waiting for or holding a slot (diagnostics). */
  readonly stats: () => { inFlight: number; queued: number };
}

// ───────────────────────────── helpers ─────────────────────────────

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions<unknown>['query']): string {
  const base = baseUrl.replace(/\/+$/, '');
  const p = path.startsWith('/') ? path : `/${path}`;
  const url = new URL(base + p);
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      const list = Array.isArray(v) ? v : [v];
      for (const item of list as QueryValue[]) {
        if (item === undefined || item === null) continue;
        url.searchParams.append(k, String(item));
      }
    }
  }
  return url.toString();
}

/** Encodes a path segment (ids, IMEIs, names). */
export function seg(v: string | number): string {
  return encodeURIComponent(String(v));
}

const isFormData = (b: unknown): b is FormData => typeof FormData !== 'undefined' && b instanceof FormData;

type AttemptOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'retry'; error: FleetError; waitMs?: number; fallback?: { value: T } }
  | { kind: 'unauthorized'; error: FleetError; tokenGen: number };

// ───────────────────────────── the client ─────────────────────────────

export function createHttp(options: HttpOptions): Http {
  const {
    baseUrl,
    getToken,
    onUnauthorized,
    timeoutMs = 15_000,
    maxInFlight = 6,
    retries = 3,
    fetchImpl = fetch,
    log,
    onRetry,
    backoffBaseMs = 300,
    backoffMaxMs = 8_000,
    maxRetryAfterMs = 60_000,
    sleep = defaultSleep,
    random = Math.random,
    bodyLimits = DEFAULT_BODY_LIMITS,
  } = options;
  const slots = new Semaphore(Math.max(1, maxInFlight));

  // Single-flight re-sign-in. `tokenGen` counts successful re-sign-ins so that a request
  // that was sent with an older token just retries instead of signing in again.
  let tokenGen = 0;
  let reauth: Promise<boolean> | null = null;
  function reauthenticate(): Promise<boolean> {
    if (!onUnauthorized) return Promise.resolve(false);
    if (!reauth) {
      reauth = (async () => {
        try {
          const ok = await onUnauthorized();
          if (ok) tokenGen++;
          return ok;
        } catch (e) {
          log?.warn('re-sign-in failed', { error: e instanceof Error ? e.message : String(e) });
          return false;
        } finally {
          reauth = null;
        }
      })();
    }
    return reauth;
  }

  function backoff(attempt: number): number {
    const cap = Math.min(backoffMaxMs, backoffBaseMs * 2 ** attempt);
    return Math.floor(random() * cap);
  }

  async function attempt<T>(o: RequestOptions<T>, idempotent: boolean): Promise<AttemptOutcome<T>> {
    const gen = tokenGen;
    const release = await slots.acquire(o.signal);
    const ctl = new AbortController();
    const limit = o.timeoutMs ?? timeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctl.abort(new DOMException(`timed out after ${limit} ms`, 'TimeoutError'));
    }, limit);
    const onOuterAbort = () => ctl.abort(o.signal?.reason);
    o.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let sent = false;
    try {
      const token = await getToken();
      const headers: Record<string, string> = { Accept: o.responseType === 'bytes' ? '*/*' : 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      let body: string | FormData | undefined;
      if (o.body !== undefined) {
        if (isFormData(o.body)) body = o.body;
        else {
          headers['Content-Type'] = 'application/json';
          body = JSON.stringify(o.body);
        }
      }
      // Cancelled before it was sent (a listener added after the abort never fires): send nothing.
      if (o.signal?.aborted) throw o.signal.reason;
      const url = buildUrl(baseUrl, o.path, o.query);
      const bound = boundFor(bodyLimits, o.endpoint, o.path, o.responseType !== 'bytes' && o.responseType !== 'text');
      sent = true;
      let res: Response;
      try {
        // The bound rides along for a fetch that reads the body elsewhere (workers/fetch.ts); fetch ignores it.
        const init: BoundedInit = { method: o.method, headers, body, signal: ctl.signal, bodyBound: bound, ...(o.spool ? { spool: o.spool } : {}) };
        res = await (o.fetchImpl ?? fetchImpl)(url, init);
      } catch (e) {
        if (o.signal?.aborted) throw o.signal.reason;
        if (e instanceof BodyLimitError) throw e;
        // A fetch that failed on this side and said why (workers/fetch.ts: its worker stopped).
        if (e instanceof FleetError && !timedOut) {
          if (!idempotent) throw e;
          return { kind: 'retry', error: e };
        }
        return networkFailure(o, idempotent, e, timedOut, limit);
      }

      if (res.ok) {
        try {
          if (o.responseType === 'bytes') {
            const buf = joinChunks(await readBounded(res, bound));
            const fileName = fileNameFrom(res.headers.get('content-disposition'));
            const raw: RawBytes = {
              bytes: buf,
              mediaType: (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
              ...(fileName ? { fileName } : {}),
            };
            return { kind: 'ok', value: o.parse(raw) };
          }
          if (o.responseType === 'raw') return { kind: 'ok', value: parseSafely(o, heldBodyOf(res) ?? (await readBounded(res, bound))) };
          const text = chunksText(await readBounded(res, bound));
          if (o.responseType === 'text') return { kind: 'ok', value: parseSafely(o, text) };
          const { value: raw, repaired } = decodeBodyDetailed(text, o.endpoint, log);
          const value = parseSafely(o, raw);
          if (repaired === 'truncated' && idempotent) {
            // A body cut short may hold a shorter list: ask again; keep the repair as a last resort.
            const error = new ApiError('server_error', `${o.endpoint}: the answer was cut short`, { endpoint: o.endpoint, status: res.status });
            return { kind: 'retry', error, fallback: { value } };
          }
          return { kind: 'ok', value };
        } catch (e) {
          if (e instanceof FleetError) throw e;
          if (o.signal?.aborted) throw o.signal.reason;
          // The status said success but the body broke off.
          return networkFailure(o, idempotent, e, timedOut, limit, true);
        }
      }

      let text = '';
      try {
        text = chunksText(await readBounded(res, { ...bound, maxDepth: null, maxBytes: Math.min(bound.maxBytes, ERROR_BODY_MAX) }));
      } catch {
        /* the message is optional */
      }
      const ct = res.headers.get('content-type');
      if (res.status === 401) {
        return { kind: 'unauthorized', error: errorForStatus(o.endpoint, 401, text, ct), tokenGen: gen };
      }
      if (res.status === 429) {
        const retryAfterS = parseRetryAfter(res.headers.get('retry-after'));
        const error = errorForStatus(o.endpoint, 429, text, ct, retryAfterS !== undefined ? { retryAfterS } : {});
        // A 429 is a definite refusal, but writes are still never repeated automatically.
        if (!idempotent) throw error;
        if (retryAfterS !== undefined && retryAfterS * 1000 > maxRetryAfterMs) throw error;
        return { kind: 'retry', error, ...(retryAfterS !== undefined ? { waitMs: retryAfterS * 1000 } : {}) };
      }
      if (res.status === 504 && !idempotent) {
        // The gateway gave up waiting: the server behind it may have done the work.
        throw errorForStatus(o.endpoint, 504, text, ct, { code: 'unknown_outcome' });
      }
      const error = errorForStatus(o.endpoint, res.status, text, ct);
      if (idempotent && (res.status >= 500 || res.status === 408)) return { kind: 'retry', error };
      throw error;
    } catch (e) {
      if (e instanceof FleetError) throw e;
      if (o.signal?.aborted) throw o.signal.reason ?? e;
      if (!sent) throw new ApiError('server_error', `${o.endpoint}: ${e instanceof Error ? e.message : String(e)}`, { endpoint: o.endpoint, cause: e });
      return networkFailure(o, idempotent, e, timedOut, limit);
    } finally {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onOuterAbort);
      release();
    }
  }

  function parseSafely<T>(o: RequestOptions<T>, raw: unknown): T {
    try {
      return o.parse(raw);
    } catch (e) {
      if (e instanceof FleetError) throw e;
      throw new ApiError('server_error', `${o.endpoint}: the answer could not be read (${e instanceof Error ? e.message : String(e)})`, {
        endpoint: o.endpoint,
        cause: e,
      });
    }
  }

  function networkFailure<T>(
    o: RequestOptions<T>,
    idempotent: boolean,
    e: unknown,
    timedOut: boolean,
    limit: number,
    afterHeaders = false,
  ): AttemptOutcome<T> {
    const what = timedOut ? `no answer within ${Math.round(limit / 1000)} s` : describeNetworkError(e);
    if (!idempotent && (timedOut || afterHeaders || !failedBeforeSending(e))) {
      throw new ApiError(
        'unknown_outcome',
        `${o.endpoint}: ${what} after the request was sent; the outcome is unknown. Check the object's events before trying again.`,
        { endpoint: o.endpoint, cause: e },
      );
    }
    const error = new ApiError('offline', `${o.endpoint}: ${what}`, { endpoint: o.endpoint, cause: e });
    if (!idempotent) throw error;
    return { kind: 'retry', error };
  }

  async function request<T>(o: RequestOptions<T>): Promise<T> {
    const idempotent = o.idempotent ?? o.method === 'GET';
    let reauthUsed = false;
    let retriesLeft = idempotent ? Math.max(0, retries) : 0;
    for (let n = 0; ; n++) {
      const out = await attempt(o, idempotent);
      if (out.kind === 'ok') return out.value;
      if (out.kind === 'unauthorized') {
        if (reauthUsed) throw out.error;
        reauthUsed = true;
        // Someone already signed in again since this request was sent: just retry.
        const fresh = out.tokenGen < tokenGen || (await reauthenticate());
        if (!fresh) throw out.error;
        log?.debug?.(`${o.endpoint}: retrying after re-sign-in`);
        continue;
      }
      // kind === 'retry'
      if (retriesLeft <= 0) {
        if (out.fallback) return out.fallback.value;
        throw out.error;
      }
      retriesLeft--;
      const wait = out.waitMs ?? backoff(n);
      log?.debug?.(`${o.endpoint}: ${out.error.code}; retrying in ${wait} ms`, { code: out.error.code });
      onRetry?.(out.error);
      await sleep(wait, o.signal);
    }
  }

  return {
    baseUrl,
    request,
    stats: () => ({ inFlight: slots.inFlight, queued: slots.queued }),
  };
}

/** An error answer is read for its message only: past this it is not worth the memory. */
const ERROR_BODY_MAX = 1024 * 1024;
