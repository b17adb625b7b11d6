/**
 * Tolerant decoding of what deployed fleet servers actually send.
 *
 * Two steps, both generic:
 *  1. `decodeBody(text)`: body text → JSON value (JSON-string-wrapped JSON unwrapped,
 *     almost-JSON repaired (json-repair.ts) and a warning logged).
 *  2. `normalize(schema, raw, endpoint)`: walks the zod schema from common/resources.ts and
 *     rewrites the raw value to its shape (keys matched case-insensitively, aliases applied,
 *     numbers/booleans/times that arrive as strings coerced), then parses with the schema.
 *     Anything that still does not fit → FleetError('server_error') naming endpoint and
 *     field. Never a crash, never a partial result.
 *
 * The rules are listed in README.md next to this file.
 */
import { z } from 'zod';
import { FleetError } from '../../../common/errors';
import type { ApiLog } from './body-decode';
import { exactShape } from './exact-shape';
import { describe, issueText } from './schema-issues';


/** Fields holding a Unix-ms instant: null, "", "0000" and 0 mean "never" (0). */
export const TIME_KEYS: ReadonlySet<string> = new Set([
  'Time',
  'ResetTime',
  'ServerTime',
  'Day',
  'From',
  'Till',
  'LastTime',
  'FixTime',
]);

/** Canonical key → other spellings seen on deployed servers (compared case-insensitively). */
export type Aliases = Readonly<Record<string, readonly string[]>>;

export interface NormalizeOptions {
  /** Extra spellings for canonical keys, applied at every object level of the schema. */
  aliases?: Aliases;
  /** Value used when a canonical key is missing or null (e.g. Lat/Lng → 0: no fix). */
  defaults?: Readonly<Record<string, unknown>>;
  log?: ApiLog;
  /**
   * First check whether the body already has the schema's exact shape, and if so return it as
   * it is (exact-shape.ts). For the big bodies decoded off the event loop: the check's first
   * use compiles it, up to half a second, which the main thread must not pay.
   */
  exact?: boolean;
}

// Body text → JSON value (README.md "Tolerance rules" 1): in its own module, re-exported here.
export { decodeBody, decodeBodyDetailed, isTruncated, unreadable, type ApiLog, type Repair } from './body-decode';
export { formatPath } from './schema-issues';

// ───────────────────────────── schema walking ─────────────────────────────

type AnySchema = z.ZodType;

interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  innerType?: AnySchema;
  element?: AnySchema;
  options?: AnySchema[];
  in?: AnySchema;
  out?: AnySchema;
  defaultValue?: unknown;
}

function defOf(s: AnySchema): Def {
  return (s as unknown as { def: Def }).def;
}

interface Unwrapped {
  inner: AnySchema;
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
}

/**
 * A schema's unwrapping never changes, and a 50,000-object list asks for it for every
 * field of every object: remembered per schema.
 */
const unwrapped = new WeakMap<AnySchema, Unwrapped>();

/** Strips optional/nullable/default/readonly/catch wrappers. */
function unwrap(s: AnySchema): Unwrapped {
  const known = unwrapped.get(s);
  if (known) return known;
  let cur = s;
  let optional = false;
  let nullable = false;
  let hasDefault = false;
  for (let i = 0; i < 10; i++) {
    const d = defOf(cur);
    if (d.type === 'optional' && d.innerType) {
      optional = true;
      cur = d.innerType;
    } else if (d.type === 'nullable' && d.innerType) {
      nullable = true;
      cur = d.innerType;
    } else if ((d.type === 'default' || d.type === 'prefault' || d.type === 'catch') && d.innerType) {
      hasDefault = true;
      cur = d.innerType;
    } else if (d.type === 'readonly' && d.innerType) {
      cur = d.innerType;
    } else if (d.type === 'pipe' && d.in) {
      cur = d.in;
    } else break;
  }
  const u = { inner: cur, optional, nullable, hasDefault };
  unwrapped.set(s, u);
  return u;
}

/** "Object_Id", "object-id", "objectId", "OBJECTID" → "objectid". */
export function keyFold(k: string): string {
  return k.replace(/[_\-\s]/g, '').toLowerCase();
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** yyyymmdd (as number or string) → Unix ms of UTC midnight; null when it is not one. */
export function yyyymmddToMs(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1970 || y > 2999 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return Date.UTC(y, mo - 1, d);
}

function coerceNumber(v: unknown, key: string | undefined): unknown {
  const isTime = key !== undefined && TIME_KEYS.has(key);
  if (typeof v === 'number') {
    if (key === 'Day' && v > 0 && v < 1e8) return yyyymmddToMs(v) ?? v;
    return v;
  }
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return isTime ? 0 : undefined;
    if (key === 'Day' && /^\d{8}$/.test(t)) return yyyymmddToMs(t) ?? Number(t);
    if (NUMERIC.test(t)) return Number(t);
    // "1,5" with a decimal comma, as some locales write it.
    if (/^[+-]?\d+,\d+$/.test(t)) return Number(t.replace(',', '.'));
    if (isTime && ISO_DATE.test(t)) {
      const iso = /Z|[+-]\d{2}:?\d{2}$/.test(t) || t.length <= 10 ? t : `${t}Z`;
      const ms = Date.parse(iso.replace(' ', 'T'));
      if (!Number.isNaN(ms)) return ms;
    }
    return v; // left as is: the schema reports it with the field name
  }
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null && isTime) return 0;
  return v;
}

function coerceBoolean(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true' || t === '1' || t === 'yes' || t === 'on') return true;
    if (t === 'false' || t === '0' || t === 'no' || t === 'off' || t === '') return false;
  }
  return v;
}

function coerceString(v: unknown): unknown {
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return String(v);
  return v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface WalkCtx {
  aliases: Map<string, string[]>; // canonical → folded aliases
  defaults: Readonly<Record<string, unknown>>;
  /** Per object shape, built once per normalize call (it depends on the aliases). */
  keys: Map<Def, ShapeKeys>;
}

interface ShapeKeys {
  canonical: string[];
  /** Folded spelling → canonical key. */
  byFold: Map<string, string>;
}

function shapeKeys(d: Def, ctx: WalkCtx): ShapeKeys {
  let k = ctx.keys.get(d);
  if (k) return k;
  const canonical = Object.keys(d.shape ?? {});
  const byFold = new Map<string, string>();
  for (const c of canonical) {
    byFold.set(keyFold(c), c);
    for (const a of ctx.aliases.get(c) ?? []) if (!byFold.has(a)) byFold.set(a, c);
  }
  k = { canonical, byFold };
  ctx.keys.set(d, k);
  return k;
}

/**
 * Rewrites `value` towards the shape of `schema`. Never throws; what cannot be fixed
 * is left for the schema to report.
 */
function walk(schema: AnySchema, value: unknown, key: string | undefined, ctx: WalkCtx): unknown {
  const { inner, optional, nullable, hasDefault } = unwrap(schema);
  const d = defOf(inner);

  if (value === null && !nullable) {
    // null for a field that may be absent: absent. null time: never (0).
    if (d.type === 'number' && key !== undefined && TIME_KEYS.has(key)) return 0;
    if (d.type === 'array' && !optional) return [];
    if (d.type === 'boolean' && !optional) return false;
    if (optional || hasDefault) return undefined;
    return null;
  }
  if (value === undefined) {
    if (optional || hasDefault) return undefined;
    // A missing boolean is false (a missing Online means offline); a missing list is empty;
    // a missing time means "never reported".
    if (d.type === 'boolean') return false;
    if (d.type === 'array') return [];
    if (d.type === 'number' && key !== undefined && TIME_KEYS.has(key)) return 0;
    return undefined;
  }

  switch (d.type) {
    case 'number':
    case 'int':
    case 'bigint': {
      const n = coerceNumber(value, key);
      if (n === undefined && !optional && !hasDefault) return value;
      return n;
    }
    case 'boolean':
      return coerceBoolean(value);
    case 'string':
      return coerceString(value);
    case 'array': {
      // A single object where a list is expected: a list of one.
      const arr = Array.isArray(value) ? value : isPlainObject(value) && d.element && defOf(unwrap(d.element).inner).type === 'object' ? [value] : null;
      if (!arr || !d.element) return value;
      for (let i = 0; i < arr.length; i++) arr[i] = walk(d.element, arr[i], undefined, ctx);
      return arr;
    }
    case 'object':
      return isPlainObject(value) ? walkObject(d, value, ctx) : value;
    case 'union': {
      const opts = d.options ?? [];
      if (typeof value === 'string' && NUMERIC.test(value.trim()) && opts.some((o) => defOf(unwrap(o).inner).type === 'number')) {
        return Number(value.trim()); // "7" → 7 where a number is one of the choices
      }
      const chosen = chooseUnionOption(opts, value, ctx);
      return chosen ? walk(chosen, value, key, ctx) : value;
    }
    default:
      return value;
  }
}

/**
 * Rewritten in place: the value is the decoder's own (fresh from JSON.parse), and at
 * 50,000 objects a copy of each, on top of the decoder's and the schema's, was most of
 * a poll's garbage.
 */
function walkObject(d: Def, value: Record<string, unknown>, ctx: WalkCtx): Record<string, unknown> {
  const shape = d.shape ?? {};
  const { canonical, byFold } = shapeKeys(d, ctx);
  for (const k of Object.keys(value)) {
    if (k in shape) continue;
    // Another spelling of a field the value does not have as such: renamed. A second
    // spelling of the same field, or an unknown key, is kept as sent.
    const target = byFold.get(keyFold(k));
    if (target === undefined || Object.hasOwn(value, target)) continue;
    value[target] = value[k];
    delete value[k];
  }
  for (const k of canonical) {
    const field = shape[k];
    if (!field) continue;
    let cur = value[k];
    if ((cur === undefined || cur === null) && k in ctx.defaults) cur = ctx.defaults[k];
    const r = walk(field, cur, k, ctx);
    if (r === undefined) {
      if (Object.hasOwn(value, k)) delete value[k];
    } else if (r !== value[k]) value[k] = r;
  }
  return value;
}

function chooseUnionOption(options: AnySchema[], value: unknown, ctx: WalkCtx): AnySchema | undefined {
  if (!isPlainObject(value)) return undefined;
  const folded = new Set(Object.keys(value).map(keyFold));
  let best: AnySchema | undefined;
  let bestScore = -1;
  for (const o of options) {
    const d = defOf(unwrap(o).inner);
    if (d.type !== 'object' || !d.shape) continue;
    let score = 0;
    let missingRequired = 0;
    for (const [k, f] of Object.entries(d.shape)) {
      const names = [keyFold(k), ...(ctx.aliases.get(k) ?? [])];
      const present = names.some((n) => folded.has(n));
      if (present) score++;
      else if (!unwrap(f).optional) missingRequired++;
    }
    const total = score - missingRequired * 100;
    if (total > bestScore) {
      bestScore = total;
      best = o;
    }
  }
  return best;
}

/**
 * Rewrites `raw` to the shape of `schema` and parses it. On failure throws
 * FleetError('server_error', '<endpoint>: <field path>: expected …, got …'). `raw` is
 * rewritten in place (objects and lists): pass a value of the caller's own, such as a
 * freshly decoded body, not one that is read again afterwards.
 */
export function normalize<S extends AnySchema>(schema: S, raw: unknown, endpoint: string, options: NormalizeOptions = {}): z.output<S> {
  // A body already in the schema's exact shape is what the walk and the parse would return.
  if (options.exact === true && exactShape(schema, { defaulted: Object.keys(options.defaults ?? {}), aliases: options.aliases })?.(raw)) return raw as z.output<S>;
  const aliases = new Map<string, string[]>();
  for (const [k, list] of Object.entries(options.aliases ?? {})) aliases.set(k, list.map(keyFold));
  const rewritten = walk(schema, raw, undefined, { aliases, defaults: options.defaults ?? {}, keys: new Map() });
  const r = schema.safeParse(rewritten);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  const more = r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more problem${r.error.issues.length > 2 ? 's' : ''})` : '';
  const text = first ? issueText(first, rewritten) : 'unexpected shape';
  throw new FleetError('server_error', `${endpoint}: ${text}${more}`, { cause: r.error });
}

/** A loose record of a collection (catalogue endpoints): keys kept; Id (any spelling) coerced to a number. */
export const LooseRecordSchema = z.looseObject({ Id: z.number().optional() });
/**
 * An element of a catalogue list (models, report types, report columns): like a loose record,
 * but a non-numeric identifier (a report column "Object") is kept as a string.
 */
export const LooseItemSchema = z.looseObject({ Id: z.union([z.number(), z.string()]).optional() });
export type LooseItem = z.infer<typeof LooseItemSchema> & Record<string, unknown>;
export type LooseRecord = z.infer<typeof LooseRecordSchema> & Record<string, unknown>;

/**
 * Loose records for catalogue endpoints whose shapes the spec leaves unshown: the keys are
 * matched onto the given canonical names (plus Id), numbers arriving as strings in those
 * fields are coerced, everything else is kept as sent.
 */
export function looseSchema(fields: Record<string, AnySchema> = {}) {
  return z.looseObject({ Id: z.number().optional(), ...fields });
}

/** Lower-level helper for shapes that are neither object nor list. */
export function expectArray(raw: unknown, endpoint: string): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw === undefined || raw === null) return [];
  throw new FleetError('server_error', `${endpoint}: body: expected a list, got ${describe(raw)}`);
}
