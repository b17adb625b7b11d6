import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeMessage, encodeFrame, encodeMessage, frameId } from '../../common/codec';

/**
 * Server data is arbitrary JSON: it may carry the codec's own tag keys (`__typed`, with `b64`,
 * `at`, `n`) and escaped-looking keys (`___typed`). Whatever it holds, it must come back as
 * the data it was, beside real typed arrays, through both frame kinds.
 */
const TAG_KEYS = ['__typed', '___typed', '____typed', '_typed', 'typed', 'b64', 'at', 'n', '__proto__', 'constructor', 'id', 'type'];
const TAG_VALUES = ['Float64Array', 'Uint8Array', 'BigInt64Array', 'keys', 'toString', '__proto__', '!', 'AAAA', ''];

const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...TAG_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
// -0 is not JSON: JSON.stringify writes it as 0, codec or not.
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (d === 0 ? 0 : d));
const leaf = fc.oneof(fc.constantFrom(...TAG_VALUES), fc.string({ maxLength: 12 }), fc.integer(), num, fc.boolean(), fc.constant(null));

const typedArray = fc.oneof(
  fc.float64Array({ maxLength: 6 }),
  fc.float32Array({ maxLength: 6 }),
  fc.int32Array({ maxLength: 6 }),
  fc.uint32Array({ maxLength: 6 }),
  fc.int16Array({ maxLength: 6 }),
  fc.uint16Array({ maxLength: 6 }),
  fc.int8Array({ maxLength: 6 }),
  fc.uint8Array({ maxLength: 6 }),
  // A view of part of a larger buffer, as the cache's columns are.
  fc.float64Array({ minLength: 2, maxLength: 6 }).map((a) => a.subarray(1)),
);

const { json, withTyped } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('json'), { maxLength: 4 }), fc.dictionary(key, tie('json'), { maxKeys: 5 })),
  withTyped: fc.oneof(
    { depthSize: 'small' },
    leaf,
    typedArray,
    fc.array(tie('withTyped'), { maxLength: 4 }),
    fc.dictionary(key, tie('withTyped'), { maxKeys: 5 }),
  ),
}));

// Objects shaped like the codec's own tags, as hostile data would shape them.
const lookalike = fc.record({
  __typed: fc.constantFrom(...TAG_VALUES),
  b64: fc.oneof(fc.constant('!'), fc.base64String()),
  at: fc.oneof(fc.integer(), fc.constant(3)),
  n: fc.integer(),
});

const RUNS = { numRuns: 400 };

describe('codec round-trip (property)', () => {
  it('plain JSON, tag keys included, comes back equal from the text codec (page to host)', () => {
    fc.assert(
      fc.property(fc.oneof(json, lookalike), (v) => {
        expect(decodeMessage(encodeMessage(v))).toEqual(v);
      }),
      RUNS,
    );
  });

  it('plain JSON, tag keys included, comes back equal from a frame (host to page)', () => {
    fc.assert(
      fc.property(fc.oneof(json, lookalike), (v) => {
        expect(decodeFrame(encodeFrame(v))).toEqual(v);
      }),
      RUNS,
    );
  });

  it('JSON with typed arrays and tag-shaped data beside them comes back equal from both frame kinds', () => {
    fc.assert(
      fc.property(withTyped, lookalike, (v, l) => {
        const value = { type: 'reply', id: 1, result: { v, l, track: new Float64Array([1.5, -2]) } };
        const frame = encodeFrame(value);
        expect(frame).toBeInstanceOf(Uint8Array);
        expect(decodeFrame(frame)).toEqual(value);
        expect(decodeMessage(encodeMessage(value))).toEqual(value);
        expect(frameId(frame)).toBe(1);
      }),
      RUNS,
    );
  });

  it('a tag the codec did not write is refused with a clear error, in both frame kinds', () => {
    expect(() => decodeMessage(JSON.stringify({ v: { __typed: 'Float64Array', b64: '!' } }))).toThrow(/malformed/);
    expect(() => decodeMessage(JSON.stringify({ v: { __typed: 'toString', b64: 'AAAA' } }))).toThrow(/malformed __typed tag/);
    expect(() => decodeFrame(JSON.stringify({ id: 4, v: { __typed: 'BigInt64Array' } }))).toThrow(/malformed __typed tag/);
    expect(frameId(JSON.stringify({ type: 'reply', id: 4, v: { __typed: 'BigInt64Array' } }))).toBe(4);
  });
});
