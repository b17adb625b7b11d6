/**
 * Small helpers every resource family uses: one call shape, list/record parsers built on
 * the tolerant normaliser, and the loose types for catalogue endpoints.
 */
import { z } from 'zod';
import { FleetError } from '../../../common/errors';
import type { Http, HttpMethod, QueryValue } from './http';
import type { HeldBody, SpoolAs } from './held-body';
import { LooseItemSchema, LooseRecordSchema, normalize, type LooseItem, type LooseRecord, type NormalizeOptions } from './tolerant';

export type { LooseItem, LooseRecord } from './tolerant';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  idempotent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Per-call options callers may pass through (cancel, longer timeout). */
export interface Extra {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function call<T>(
  http: Http,
  method: HttpMethod,
  path: string,
  parse: (raw: unknown, endpoint: string) => T,
  o: CallOptions = {},
): Promise<T> {
  const endpoint = `${method} ${path}`;
  return http.request<T>({
    method,
    path,
    endpoint,
    parse: (raw) => parse(raw, endpoint),
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.query ? { query: o.query } : {}),
    ...(o.idempotent !== undefined ? { idempotent: o.idempotent } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
  });
}

export function extra(e?: Extra): Pick<CallOptions, 'signal' | 'timeoutMs'> {
  return { ...(e?.signal ? { signal: e.signal } : {}), ...(e?.timeoutMs !== undefined ? { timeoutMs: e.timeoutMs } : {}) };
}

/**
 * A body as the chunks it arrived in, or the handle to it when the client's fetch kept it
 * (`sync/worker-fetch.ts`): big poll bodies are decoded where they are stored, not here.
 */
export type RawBody = Uint8Array[] | HeldBody;

/** GET `path`, its body left undecoded (`responseType: 'raw'`). */
export function rawBody(http: Http, path: string, e?: Extra, spool?: SpoolAs): Promise<RawBody> {
  return http.request<RawBody>({ method: 'GET', path, endpoint: `GET ${path}`, responseType: 'raw', parse: (b) => b as RawBody, ...extra(e), ...(spool ? { spool } : {}) });
}

const ENVELOPE_KEYS = ['data', 'items', 'result', 'results', 'value', 'list', 'rows'];

/** {Data: [...]}, {items: [...]} … → the list; anything else unchanged. */
export function unwrapEnvelope(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const entries = Object.entries(raw as Record<string, unknown>);
  for (const [k, v] of entries) if (ENVELOPE_KEYS.includes(k.toLowerCase()) && Array.isArray(v)) return v;
  return raw;
}

/** Parser for one record of `schema`. */
export function one<S extends z.ZodType>(schema: S, opts?: NormalizeOptions) {
  return (raw: unknown, endpoint: string): z.output<S> => normalize(schema, raw, endpoint, opts);
}

/** Parser for a list of `schema`; an empty body is an empty list; {Data:[…]} is unwrapped. */
export function many<S extends z.ZodType>(schema: S, opts?: NormalizeOptions) {
  const arr = z.array(schema);
  return (raw: unknown, endpoint: string): z.output<S>[] => {
    const v = raw === undefined || raw === null || raw === '' ? [] : unwrapEnvelope(raw);
    return normalize(arr, v, endpoint, opts) as z.output<S>[];
  };
}

/** Catalogue record: keys kept as sent, Id (any spelling) coerced to a number when present. */
export function looseRecord(raw: unknown, endpoint: string): LooseRecord {
  return normalize(LooseRecordSchema, raw, endpoint) as LooseRecord;
}

/**
 * Catalogue list: object elements normalised as loose records; primitive elements (a list
 * of model names, say) kept as sent.
 */
const LooseListSchema = z.array(z.union([LooseItemSchema, z.string(), z.number()]));

export function looseList(raw: unknown, endpoint: string): Array<LooseItem | string | number> {
  const v = raw === undefined || raw === null || raw === '' ? [] : unwrapEnvelope(raw);
  return normalize(LooseListSchema, v, endpoint) as Array<LooseItem | string | number>;
}

/** Catalogue list whose elements are all records. */
export function recordList(raw: unknown, endpoint: string): LooseRecord[] {
  return many(LooseRecordSchema)(raw, endpoint) as LooseRecord[];
}

/** What a write answered: the new/updated record or id when the server said, else nulls. */
export interface WriteResult {
  /** The record's Id when the answer carried one (a bare number, or a record's Id). */
  id: number | null;
  /** The answer as a loose record, when it was one. */
  record: LooseRecord | null;
  /** The decoded answer as sent (undefined for an empty body). */
  raw: unknown;
}

export function writeResult(raw: unknown, endpoint: string): WriteResult {
  if (raw === undefined || raw === null || raw === '') return { id: null, record: null, raw };
  if (typeof raw === 'number') return { id: raw, record: null, raw };
  if (typeof raw === 'string' && /^\d+$/.test(raw.trim())) return { id: Number(raw.trim()), record: null, raw };
  if (typeof raw === 'object' && !Array.isArray(raw)) {
    // A copy is normalised (normalize rewrites in place): `raw` stays what the server sent.
    const record = looseRecord(structuredClone(raw), endpoint);
    return { id: typeof record.Id === 'number' ? record.Id : null, record, raw };
  }
  return { id: null, record: null, raw };
}

/** Empty-body writes: whatever came back is ignored (but it must have been a success). */
export function ignoreBody(): void {
  return undefined;
}

/** A number, a numeric string, or an object holding one under one of `keys`. */
export function numberFrom(raw: unknown, endpoint: string, keys: readonly string[] = ['Value']): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const lower = new Map(Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
    for (const k of keys) {
      const v = lower.get(k.toLowerCase());
      if (v !== undefined) return numberFrom(v, endpoint, keys);
    }
  }
  throw new FleetError('server_error', `${endpoint}: body: expected a number, got ${JSON.stringify(raw)?.slice(0, 60) ?? 'nothing'}`);
}

/** true/false, "true", 1/0, or an object holding one under one of `keys`. */
export function booleanFrom(raw: unknown, endpoint: string, keys: readonly string[]): boolean {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw !== 0;
  if (typeof raw === 'string') {
    const t = raw.trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
  }
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const lower = new Map(Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
    for (const k of keys) {
      const v = lower.get(k.toLowerCase());
      if (v !== undefined) return booleanFrom(v, endpoint, keys);
    }
  }
  throw new FleetError('server_error', `${endpoint}: body: expected true or false, got ${JSON.stringify(raw)?.slice(0, 60) ?? 'nothing'}`);
}

export { LooseRecordSchema };

/**
 * The method set of a catalogue collection: GET (list), GET /{id}, POST (create), PUT
 * (update, no id in the path), DELETE /{id}. Records are loose; PUT and DELETE are
 * idempotent (retried like reads), POST is not.
 */
export function crud<R extends LooseRecord = LooseRecord>(
  http: Http,
  base: string,
  schema: z.ZodType<R> = LooseRecordSchema as unknown as z.ZodType<R>,
) {
  const rec = one(schema);
  const list = many(schema);
  return {
    list: (e?: Extra): Promise<R[]> => call(http, 'GET', base, list, extra(e)),
    get: (id: number, e?: Extra): Promise<R> => call(http, 'GET', `${base}/${encodeURIComponent(String(id))}`, rec, extra(e)),
    create: (body: Record<string, unknown>, e?: Extra): Promise<WriteResult> =>
      call(http, 'POST', base, writeResult, { body, ...extra(e) }),
    update: (body: Record<string, unknown> & { Id: number }, e?: Extra): Promise<WriteResult> =>
      call(http, 'PUT', base, writeResult, { body, idempotent: true, ...extra(e) }),
    remove: (id: number, e?: Extra): Promise<void> =>
      call(http, 'DELETE', `${base}/${encodeURIComponent(String(id))}`, ignoreBody, { idempotent: true, ...extra(e) }),
  };
}
export type Crud<R extends LooseRecord = LooseRecord> = ReturnType<typeof crud<R>>;
