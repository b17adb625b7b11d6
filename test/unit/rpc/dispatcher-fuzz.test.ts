/**
 * The dispatcher under random envelopes (issue 21, section 5): the real core, as the hosts
 * build it (createCore on a temporary data folder, nobody signed in), takes 10,000 envelopes
 * of random JSON: ids of every JSON type, the contract's names mixed with random strings and
 * Object.prototype's names, arguments of random shapes built from the contract's own field
 * names, deep nesting and long strings. Each is sent as a transport would: JSON text parsed
 * on arrival. Every one must get exactly one well-formed reply, and nothing may throw or
 * reject unhandled. The only address an argument can name is a closed loopback port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods, pushes } from '../../../common/contract';
import { ERROR_CODES } from '../../../common/errors';
import type { ResponseEnvelope } from '../../../common/envelope';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';

const RUNS = 10_000;
const BATCH = 25;
/** A reply's message is for a person: it may quote a name, never echo a megabyte of input. */
const MAX_MESSAGE = 2_000;

const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'then'];
const METHOD_NAMES = Object.keys(methods);
/** Loopback addresses where nothing listens: a handler that goes online is refused at once. */
const CLOSED = ['http://127.0.0.1:9', 'https://127.0.0.1:9/', 'http://127.0.0.1:9/{z}/{x}/{y}.png', 'http://[::1]:9/api'];

function fieldNames(): string[] {
  const names = new Set<string>();
  for (const def of Object.values(methods)) {
    const s = def.args as unknown as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } };
    for (const k of Object.keys(s.shape ?? s.def?.in?.shape ?? {})) names.add(k);
  }
  return [...names];
}
const FIELDS = fieldNames();

/**
 * Deep and long values are built when sent, from a short description, so a failing case is
 * reported in a line instead of overflowing the reporter's stack.
 */
class Big {
  constructor(readonly what: string, readonly build: () => unknown) {}
  [fc.toStringMethod](): string {
    return `Big(${this.what})`;
  }
}
const nested = (depth: number, leaf: unknown, asArray: boolean): Big =>
  new Big(`${depth} deep ${asArray ? 'arrays' : 'objects'} around ${JSON.stringify(leaf)}`, () => {
    let v = leaf;
    for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
    return v;
  });
const long = (key: string, n: number): Big => new Big(`{${key}: ${n} × "x"}`, () => ({ [key]: 'x'.repeat(n) }));

const scalar = fc.oneof(
  { weight: 3, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 53), 2 ** 53 + 2, 1e308, -1e-308, 0.5, 1_800_000_000_000, 86_400_000) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...CLOSED, ...PROTO_NAMES, ...METHOD_NAMES, '', ' ', 'feed', 'all', 'https://fleet.example.com') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Objects keyed by the contract's fields (so some arguments parse and reach a handler), random keys and prototype names. */
const { value: jsonish } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS, ...PROTO_NAMES), fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 6 }),
  ),
}));

const args = fc.oneof(
  { weight: 6, arbitrary: jsonish },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 5 }) },
  { weight: 2, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 50, max: 1_000 }), scalar, fc.boolean()).map(([d, leaf, arr]) => nested(d, leaf, arr)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FIELDS), fc.integer({ min: 10_000, max: 100_000 })).map(([k, n]) => long(k, n)) },
);

const name = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...METHOD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_NAMES, ...Object.keys(pushes), 'objects/', '/list', 'session/signIn ', 'SESSION/STATE') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 100_000 }).map((n) => new Big(`name of ${n} × "m"`, () => 'm'.repeat(n))) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const id = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...PROTO_NAMES));

/** Mostly envelopes, some with a part missing, some not an envelope at all. */
const envelope = fc.oneof(
  { weight: 12, arbitrary: fc.record({ id, name, args }) },
  { weight: 1, arbitrary: fc.record({ id, name, args }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('id', 'name', 'args', ...PROTO_NAMES), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);

/** What a transport hands the dispatcher: the envelope after a trip through JSON text. */
const expand = (v: unknown): unknown => {
  if (v instanceof Big) return v.build();
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (o.args instanceof Big || o.name instanceof Big) return { ...o, args: expand(o.args), name: expand(o.name) };
  }
  return v;
};
const overTheWire = (v: unknown): unknown => {
  const full = expand(v);
  return full === undefined ? undefined : (JSON.parse(JSON.stringify(full)) as unknown);
};

function checkReply(sent: unknown, reply: ResponseEnvelope | undefined): void {
  expect(reply, 'a reply').toBeDefined();
  const r = reply!;
  const sentId = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as { id?: unknown }).id : undefined;
  const wellFormed = typeof sentId === 'number' || typeof sentId === 'string';
  if (r.type === 'reply') {
    expect(r.id).toBe(sentId);
    expect(Object.prototype.hasOwnProperty.call(methods, (sent as { name: string }).name)).toBe(true);
    return;
  }
  expect(r.type).toBe('error');
  expect(r.id).toBe(wellFormed ? sentId : null);
  expect(ERROR_CODES).toContain(r.error.code);
  expect(typeof r.error.message).toBe('string');
  expect(r.error.message.length).toBeGreaterThan(0);
  expect(r.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
  const sentName = (sent as { name?: unknown } | null)?.name;
  if (typeof sentName !== 'string' || !Object.prototype.hasOwnProperty.call(methods, sentName)) expect(r.error.code).toBe('invalid_input');
}

describe('dispatcher fuzz: the real core, signed out', () => {
  let core: Core;
  let dataDir: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown): void => void unhandled.push(e);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-fuzz-'));
    core = createCore({
      dataDir,
      vault: memoryVault(),
      settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, tileUrl: CLOSED[2]! }),
      log: () => {},
    });
    await core.start();
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await core?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${RUNS.toLocaleString('en')} random envelopes, each once and well-formed`, async () => {
    const codes = new Map<string, number>();
    let results = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(envelope, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const sent = batch.map(overTheWire);
        // Concurrently, as a renderer sends them: reads overlap and writes queue.
        const replies = await Promise.all(sent.map((env) => core.dispatcher.dispatch(env)));
        expect(replies).toHaveLength(sent.length);
        sent.forEach((env, i) => {
          const r = replies[i];
          checkReply(env, r);
          if (r?.type === 'error') codes.set(r.error.code, (codes.get(r.error.code) ?? 0) + 1);
          else results++;
        });
      }),
      { numRuns: RUNS / BATCH, seed: 21, endOnFailure: true },
    );
    if (process.env.FUZZ_STATS) console.log(results, Object.fromEntries(codes));
    // Let anything a handler left running settle before judging rejections.
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
    // The fuzz reached handlers, not only the parser: some calls answered, some refused past parsing.
    expect(results).toBeGreaterThan(100);
    expect(codes.get('invalid_input') ?? 0).toBeGreaterThan(1000);
    expect([...codes.keys()].filter((c) => c !== 'invalid_input').length).toBeGreaterThan(0);
    // The global prototypes are untouched by the `__proto__` keys that went through.
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  }, 120_000);
});
