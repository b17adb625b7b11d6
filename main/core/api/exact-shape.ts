/**
 * Whether a decoded body already has its schema's exact shape: every key spelled as the
 * schema spells it, no key the schema does not name, every value of the right type. Such a
 * body is what `normalize()` would return unchanged, so it can skip the walk and zod's
 * parse (at 50,000 objects, a status body's 340,000 elements: most of its decode). The check
 * is the schema's own JSON Schema, made strict and compiled by Ajv once per schema.
 *
 * A schema the check cannot stand for (unions, whose option the walk chooses; defaults and
 * transforms, which zod's parse applies; anything JSON Schema cannot express) has no check,
 * and every body of it takes the tolerant path.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const ajv = new Ajv({ allErrors: false, strict: false });

/** Per schema, per set of defaulted keys: the compiled check, or null when there is none. */
const checks = new WeakMap<z.ZodType, Map<string, ValidateFunction | null>>();

function isRecord(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasAny(s: unknown, keys: readonly string[]): boolean {
  if (Array.isArray(s)) return s.some((x) => hasAny(x, keys));
  if (!isRecord(s)) return false;
  return Object.entries(s).some(([k, v]) => keys.includes(k) || hasAny(v, keys));
}

/**
 * The strict form: objects closed to other keys, defaulted keys required (the walk fills them
 * when missing), and a `Day` that is not yet Unix ms (the walk reads 20261125 as a date) refused.
 */
function strict(s: unknown, defaulted: ReadonlySet<string>): unknown {
  if (Array.isArray(s)) return s.map((x) => strict(x, defaulted));
  if (!isRecord(s)) return s;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) out[k] = strict(v, defaulted);
  if (isRecord(out.properties)) {
    const props = out.properties;
    out.additionalProperties = false;
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    for (const k of defaulted) if (k in props) required.add(k);
    out.required = [...required];
    if (isRecord(props.Day) && props.Day.type === 'number') props.Day = { ...props.Day, not: { exclusiveMinimum: 0, exclusiveMaximum: 1e8 } };
  }
  return out;
}

function compile(schema: z.ZodType, defaulted: ReadonlySet<string>): ValidateFunction | null {
  let input: unknown;
  let output: unknown;
  try {
    const { $schema: _in, ...i } = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
    const { $schema: _out, ...o } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
    input = strict(i, defaulted);
    output = strict(o, defaulted);
  } catch {
    return null;
  }
  // Input and output differ where zod's parse changes a value (a default filled in).
  if (JSON.stringify(input) !== JSON.stringify(output)) return null;
  if (hasAny(input, ['anyOf', 'oneOf', 'allOf', '$ref', 'default'])) return null;
  return ajv.compile(input as JsonSchema);
}

/** The exact-shape check of `schema`, given the keys `normalize()` fills with a default; null when it has none. */
export function exactShape(schema: z.ZodType, defaulted: readonly string[] = []): ((value: unknown) => boolean) | null {
  const key = [...defaulted].sort().join('\u0000');
  let bySchema = checks.get(schema);
  if (!bySchema) checks.set(schema, (bySchema = new Map()));
  if (!bySchema.has(key)) bySchema.set(key, compile(schema, new Set(defaulted)));
  const check = bySchema.get(key) ?? null;
  return check && ((value) => check(value) === true);
}
