import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeMessage, encodeFrame, encodeMessage } from '../../common/codec';

describe('typed-array codec', () => {
  it('round-trips typed arrays of every kind nested in ordinary JSON', () => {
    const value = {
      name: 'status/delta',
      args: {
        ids: new Int32Array([1, -2, 2147483647]),
        lat: new Float64Array([55.751244, -33.8688, 0]),
        speed: new Float32Array([12.5, 0, 88.25]),
        online: new Uint8Array([1, 0, 1]),
        nested: [{ t: new Uint16Array([65535]) }],
        plain: [1, 2, 3],
      },
    };
    const back = decodeMessage(encodeMessage(value)) as typeof value;
    expect(back.args.ids).toBeInstanceOf(Int32Array);
    expect(Array.from(back.args.ids)).toEqual([1, -2, 2147483647]);
    expect(Array.from(back.args.lat)).toEqual([55.751244, -33.8688, 0]);
    expect(back.args.speed).toBeInstanceOf(Float32Array);
    expect(Array.from(back.args.speed)).toEqual([12.5, 0, 88.25]);
    expect(Array.from(back.args.online)).toEqual([1, 0, 1]);
    expect(Array.from(back.args.nested[0]!.t)).toEqual([65535]);
    expect(back.args.plain).toEqual([1, 2, 3]);
  });

  it('encodes a view of part of a buffer, not the whole buffer', () => {
    const whole = new Float64Array([1, 2, 3, 4]);
    const back = decodeMessage(encodeMessage({ v: whole.subarray(1, 3) })) as { v: Float64Array };
    expect(Array.from(back.v)).toEqual([2, 3]);
  });

  it('sends data shaped like its own tag as data, and refuses such a tag it did not write', () => {
    const data = { __typed: 'Float64Array', b64: 'AAAAAAAAAAA=' };
    expect(decodeMessage(encodeMessage(data))).toEqual(data);
    expect(() => decodeMessage(JSON.stringify({ __typed: 'BigInt64Array', b64: 'AAAA' }))).toThrow(/malformed __typed tag/);
  });

  it('finds a tag however the JSON spells it, and keeps a __proto__ key a key', () => {
    // `\u0074` is a t: JSON that spells the tag with escapes is still read as the tag.
    const escaped = '{"a":[{"__\\u0074yped":"Int32Array","b64":"AQAAAA=="}]}';
    const back = decodeMessage(escaped) as { a: [Int32Array] };
    expect(back.a[0]).toBeInstanceOf(Int32Array);
    expect(Array.from(back.a[0])).toEqual([1]);
    expect(() => decodeMessage('{"x":{"__\\u0074yped":"Nope"}}')).toThrow(/malformed __typed tag/);
    // A typed array under a `__proto__` key is set as that key, and no prototype changes.
    const proto = decodeMessage('{"__proto__":{"__typed":"Uint8Array","b64":"Bw=="}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(Array.from(proto['__proto__'] as Uint8Array)).toEqual([7]);
  });
});

describe('binary frames', () => {
  const value = () => ({
    type: 'reply',
    id: 7,
    result: {
      name: 'Łódź – Кострома',
      time: new Float64Array([1.7e12, 1.7e12 + 1000, 1.7e12 + 2000]),
      speed: new Float32Array([12.5, 0, 88.25]),
      sat: new Uint8Array([7, 0, 12]),
      ids: new Int32Array([1, -2, 2147483647]),
      nested: [{ t: new Uint16Array([65535]) }],
      empty: new Float64Array(0),
      plain: [1, 2, 3],
    },
  });
  type V = ReturnType<typeof value>;

  it('round-trips typed arrays as aligned views of one buffer, with the JSON around them intact', () => {
    const frame = encodeFrame(value());
    expect(frame).toBeInstanceOf(Uint8Array);
    const back = decodeFrame(frame) as V;
    expect(back.result.name).toBe('Łódź – Кострома');
    expect(Array.from(back.result.time)).toEqual([1.7e12, 1.7e12 + 1000, 1.7e12 + 2000]);
    expect(back.result.speed).toBeInstanceOf(Float32Array);
    expect(Array.from(back.result.speed)).toEqual([12.5, 0, 88.25]);
    expect(Array.from(back.result.sat)).toEqual([7, 0, 12]);
    expect(Array.from(back.result.ids)).toEqual([1, -2, 2147483647]);
    expect(Array.from(back.result.nested[0]!.t)).toEqual([65535]);
    expect(back.result.empty).toHaveLength(0);
    expect(back.result.plain).toEqual([1, 2, 3]);
    // Views, not copies: the arrays share the frame's buffer.
    expect(back.result.time.buffer).toBe(back.result.speed.buffer);
  });

  it('decodes a frame that sits at an odd offset of a larger buffer (Node pools its frames)', () => {
    const frame = encodeFrame(value()) as Uint8Array;
    const pool = new Uint8Array(frame.length + 3);
    pool.set(frame, 3);
    const back = decodeFrame(pool.subarray(3)) as V;
    expect(Array.from(back.result.time)).toEqual([1.7e12, 1.7e12 + 1000, 1.7e12 + 2000]);
  });

  it("sends Node's Buffer as the bytes it holds, in both codecs, not as Buffer#toJSON's numbers", () => {
    const json = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ Name: `Lkw Müller ${i}` })));
    const bytes = Buffer.from(json, 'utf8');
    const frame = encodeFrame({ result: { json: bytes } });
    expect(frame).toBeInstanceOf(Uint8Array);
    expect((frame as Uint8Array).byteLength).toBeLessThan(bytes.byteLength + 100);
    const back = decodeFrame(frame) as { result: { json: Uint8Array } };
    expect(back.result.json).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(back.result.json)).toBe(json);
    const text = decodeMessage(encodeMessage({ json: bytes })) as { json: Uint8Array };
    expect([...text.json]).toEqual([...bytes]);
  });

  it('sends a message without typed arrays as plain JSON text', () => {
    const frame = encodeFrame({ type: 'push', name: 'connectivity/changed', payload: { state: 'online' } });
    expect(typeof frame).toBe('string');
    expect(decodeFrame(frame)).toEqual({ type: 'push', name: 'connectivity/changed', payload: { state: 'online' } });
  });

  it('refuses truncated frames and references that point outside them', () => {
    const frame = encodeFrame(value()) as Uint8Array;
    expect(() => decodeFrame(frame.subarray(0, 2))).toThrow(/shorter than its header length/);
    expect(() => decodeFrame(frame.subarray(0, 20))).toThrow(/shorter than its header/);
    expect(() => decodeFrame(frame.subarray(0, frame.length - 8))).toThrow(/runs past its end/);
    const head = new TextEncoder().encode(JSON.stringify({ v: { __typed: 'Float64Array', at: 3, n: 1 } }));
    const bad = new Uint8Array(8 + head.length + 16);
    new DataView(bad.buffer).setUint32(0, head.length, true);
    bad.set(head, 4);
    expect(() => decodeFrame(bad)).toThrow(/malformed Float64Array reference/);
  });
});
