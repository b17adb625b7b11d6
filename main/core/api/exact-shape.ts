/**
 * Whether a decoded body already has its schema's exact shape: every field the schema names
 * spelled as it spells it, every value of the right type, and no other key the walk would
 * rename into a missing field. Such a body is what `normalize()` would return unchanged, so it
 * can skip the walk and zod's parse (at 50,000 objects, a status body's 340,000 elements: most
 * of its decode). The check is the schema's own JSON Schema, tightened as below and compiled
 * by Ajv once per schema and options.
 *
 * A schema the check cannot stand for (unions, whose option the walk chooses; defaults and
 * transforms, which zod's parse applies; anything JSON Schema cannot express) has no check,
 * and every body of it takes the tolerant path.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** The keys of one object shape, and the other spellings the walk would rename into them (folded → canonical). */
interface Claims {
  props: string[];
  claimed: Record<string, string>;
}

/** "Object_Id", "object-id", "OBJECTID" → "objectid": the walk's own folding (tolerant.ts). */
const fold = (k: string) => k.replace(/[_\-\s]/g, '').toLowerCase();

// Not checked against the JSON Schema meta-schema: these schemas are zod's own output, and that
// check compiled the meta-schema at the first use, a quarter of a second of a sign-in's first status.
const ajv = new Ajv({ allErrors: false, strict: false, validateSchema: false });
ajv.addKeyword({
  keyword: 'unclaimedExtras',
  type: 'object',
  schemaType: 'object',
  // A key the schema does not name is kept as sent, unless it is another spelling of a field the value lacks.
  compile: (c: Claims) => {
    const props = new Set(c.props);
    const claimed = new Map(Object.entries(c.claimed));
    // The same few other keys come back on every element: each looked up once.
    const targetOf = new Map<string, string | undefined>();
    return (data: Record<string, unknown>) => {
      for (const k in data) {
        if (props.has(k)) continue;
        let target = targetOf.get(k);
        if (target === undefined && !targetOf.has(k)) {
          target = claimed.get(fold(k));
          if (targetOf.size < 1000) targetOf.set(k, target);
        }
        if (target !== undefined && !Object.hasOwn(data, target)) return false;
      }
      return true;
    };
  },
});

const checks = new WeakMap<z.ZodType, Map<string, ValidateFunction | null>>();

function isRecord(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasAny(s: unknown, keys: readonly string[]): boolean {
  if (Array.isArray(s)) return s.some((x) => hasAny(x, keys));
  if (!isRecord(s)) return false;
  return Object.entries(s).some(([k, v]) => keys.includes(k) || hasAny(v, keys));
}

/** Without `additionalProperties`, which zod writes for input and output differently. */
function withoutExtras(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(withoutExtras);
  if (!isRecord(s)) return s;
  return Object.fromEntries(Object.entries(s).flatMap(([k, v]) => (k === 'additionalProperties' ? [] : [[k, withoutExtras(v)]])));
}

interface Tighten {
  defaulted: ReadonlySet<string>;
  aliases: Readonly<Record<string, readonly string[]>>;
}

/**
 * Defaulted keys required (the walk fills them when missing), other keys checked against the
 * spellings the walk renames, and a `Day` that is not yet Unix ms (the walk reads 20261125 as
 * a date) refused. An object zod strips of other keys keeps `additionalProperties: false`.
 */
function tighten(s: unknown, t: Tighten): unknown {
  if (Array.isArray(s)) return s.map((x) => tighten(x, t));
  if (!isRecord(s)) return s;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) out[k] = tighten(v, t);
  if (!isRecord(out.properties)) return out;
  const props = out.properties;
  const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
  for (const k of t.defaulted) if (k in props) required.add(k);
  out.required = [...required];
  if (isRecord(props.Day) && props.Day.type === 'number') props.Day = { ...props.Day, not: { exclusiveMinimum: 0, exclusiveMaximum: 1e8 } };
  if (out.additionalProperties !== false) {
    const claimed: Record<string, string> = {};
    for (const c of Object.keys(props)) for (const a of [fold(c), ...(t.aliases[c] ?? []).map(fold)]) claimed[a] ??= c;
    out.unclaimedExtras = { props: Object.keys(props), claimed } satisfies Claims;
  }
  return out;
}

function compile(schema: z.ZodType, t: Tighten): ValidateFunction | null {
  let input: JsonSchema;
  let output: JsonSchema;
  try {
    input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
    output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return null;
  }
  // Input and output differ where zod's parse changes a value (a default filled in).
  if (JSON.stringify(withoutExtras(input)) !== JSON.stringify(withoutExtras(output))) return null;
  if (hasAny(output, ['anyOf', 'oneOf', 'allOf', '$ref', 'default'])) return null;
  const { $schema: _dialect, ...body } = output;
  return ajv.compile(tighten(body, t) as JsonSchema);
}

export interface ExactShapeOptions {
  /** Keys `normalize()` fills with a default when missing. */
  defaulted?: readonly string[];
  /** The other spellings `normalize()` renames into each key. */
  aliases?: Readonly<Record<string, readonly string[]>>;
}

/** The exact-shape check of `schema` under normalize's options; null when it has none. */
export function exactShape(schema: z.ZodType, o: ExactShapeOptions = {}): ((value: unknown) => boolean) | null {
  const defaulted = [...(o.defaulted ?? [])].sort();
  const key = JSON.stringify([defaulted, o.aliases ?? {}]);
  let bySchema = checks.get(schema);
  if (!bySchema) checks.set(schema, (bySchema = new Map()));
  if (!bySchema.has(key)) bySchema.set(key, compile(schema, { defaulted: new Set(defaulted), aliases: o.aliases ?? {} }));
  const check = bySchema.get(key) ?? null;
  return check && ((value) => check(value) === true);
}
