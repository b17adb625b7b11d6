/**
 * HTTP status → FleetError, with the server's own message when it gave one.
 */
import { FleetError, type ErrorCode } from '../../../common/errors';

/**
 * A FleetError that came from an HTTP answer. Still `instanceof FleetError`, so the
 * dispatcher passes {code, message} unchanged; callers that need more (the history loader
 * halving on a 400 about the interval length) read `status` and `serverMessage`.
 */
export class ApiError extends FleetError {
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    info: { endpoint: string; status?: number; serverMessage?: string; retryAfterS?: number; cause?: unknown },
  ) {
    super(code, message, {
      ...(info.cause !== undefined ? { cause: info.cause } : {}),
      ...(info.retryAfterS !== undefined ? { retryAfterS: info.retryAfterS } : {}),
    });
    this.name = 'ApiError';
    this.endpoint = info.endpoint;
    this.status = info.status;
    this.serverMessage = info.serverMessage;
  }
}

const MAX_MESSAGE = 300;

function clip(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > MAX_MESSAGE ? `${t.slice(0, MAX_MESSAGE - 1)}…` : t;
}

function pickString(o: Record<string, unknown>, names: readonly string[]): string | undefined {
  const lower = new Map(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));
  for (const n of names) {
    const v = lower.get(n.toLowerCase());
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

function fromJson(v: unknown, depth = 0): string | undefined {
  if (depth > 3) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        return fromJson(JSON.parse(t), depth + 1);
      } catch {
        /* a string that only looks like JSON */
      }
    }
    return t === '' ? undefined : t;
  }
  if (Array.isArray(v)) {
    const parts = v.map((x) => fromJson(x, depth + 1)).filter((x): x is string => !!x);
    return parts.length ? parts.join('; ') : undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const direct = pickString(o, ['Message', 'errorMessage', 'error_description', 'ExceptionMessage']);
  // RFC 7807 problem details: title + detail.
  const title = pickString(o, ['title']);
  const detail = pickString(o, ['detail']);
  // ASP.NET validation: {errors: {Field: ["msg"]}} or ModelState.
  const errs = Object.entries(o).find(([k]) => k.toLowerCase() === 'errors' || k.toLowerCase() === 'modelstate')?.[1];
  let validation: string | undefined;
  if (errs && typeof errs === 'object') {
    const list: string[] = [];
    for (const [field, msgs] of Object.entries(errs as Record<string, unknown>)) {
      const m = fromJson(msgs, depth + 1);
      if (m) list.push(Array.isArray(errs) ? m : `${field}: ${m}`);
    }
    if (list.length) validation = list.join('; ');
  }
  const error = o.error ?? o.Error;
  const nested = typeof error === 'object' && error !== null ? fromJson(error, depth + 1) : typeof error === 'string' ? error : undefined;
  if (direct) return validation && !direct.includes(validation) ? `${direct} (${validation})` : direct;
  if (title || detail) {
    const head = [title, detail].filter(Boolean).join(': ');
    return validation ? `${head} (${validation})` : head;
  }
  return validation ?? nested;
}

/**
 * The server's message from an error body: JSON Message / message / errorMessage /
 * title+detail / validation errors, or plain text. HTML pages are never shown (their
 * <title> is used when it says something). Undefined when there is nothing useful.
 */
export function extractServerMessage(text: string, contentType?: string | null): string | undefined {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t === '') return undefined;
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('html') || /^<(!doctype|html|head|body|\?xml)/i.test(t) || /^<[a-z!]/i.test(t)) {
    const m = /<title[^>]*>([^<]*)<\/title>/i.exec(t);
    const title = m?.[1]?.trim();
    return title ? clip(title) : undefined;
  }
  if (t.startsWith('{') || t.startsWith('[') || t.startsWith('"')) {
    try {
      const m = fromJson(JSON.parse(t));
      return m ? clip(m) : undefined;
    } catch {
      /* not JSON after all: plain text */
    }
  }
  return clip(t);
}

/** Retry-After as seconds (delta-seconds or an HTTP date); undefined when absent or bad. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - now) / 1000);
}

export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'offline'; // the server gave up waiting for our request
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'invalid_input';
  return 'server_error';
}

const STATUS_WORDS: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'not signed in or the session expired',
  forbidden: 'not allowed for this account',
  not_found: 'not found',
  invalid_input: 'the server rejected the request',
  rate_limited: 'too many requests',
  server_error: 'the server failed',
};

/** The plain words for a status the server explained no further. */
export function statusWords(code: ErrorCode): string {
  return STATUS_WORDS[code] ?? 'request failed';
}

export function errorForStatus(
  endpoint: string,
  status: number,
  bodyText: string,
  contentType: string | null,
  extra: { retryAfterS?: number; code?: ErrorCode } = {},
): ApiError {
  const code = extra.code ?? codeForStatus(status);
  const serverMessage = extractServerMessage(bodyText, contentType);
  const words = serverMessage ?? statusWords(code);
  return new ApiError(code, `${endpoint}: ${words} (HTTP ${status})`, {
    endpoint,
    status,
    ...(serverMessage !== undefined ? { serverMessage } : {}),
    ...(extra.retryAfterS !== undefined ? { retryAfterS: extra.retryAfterS } : {}),
  });
}

/** Error codes of Node/undici that prove nothing reached the server. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN']);

/** Walks `cause` chains (and AggregateError lists) for an error code. */
export function networkErrorCodes(e: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (x: unknown, depth: number) => {
    if (depth > 6 || x === null || typeof x !== 'object' || seen.has(x)) return;
    seen.add(x);
    const o = x as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof o.code === 'string') out.push(o.code);
    visit(o.cause, depth + 1);
    if (Array.isArray(o.errors)) for (const y of o.errors) visit(y, depth + 1);
  };
  visit(e, 0);
  return out;
}

/** True when the failure happened before any byte of the request reached the server. */
export function failedBeforeSending(e: unknown): boolean {
  const codes = networkErrorCodes(e);
  return codes.length > 0 && codes.some((c) => NOT_SENT.has(c));
}

export function describeNetworkError(e: unknown): string {
  const codes = networkErrorCodes(e);
  const c = codes.find((x) => x !== 'ERR_INVALID_ARG_TYPE') ?? codes[0];
  if (c === 'ECONNREFUSED') return 'connection refused';
  if (c === 'ENOTFOUND' || c === 'EAI_AGAIN') return 'server name not found';
  if (c === 'ECONNRESET' || c === 'UND_ERR_SOCKET') return 'connection dropped';
  if (c) return `network error ${c}`;
  return e instanceof Error ? e.message : 'network error';
}
