import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../common/codec';

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

  it('leaves a lookalike object with an unknown type name alone', () => {
    const back = decodeMessage(JSON.stringify({ __typed: 'BigInt64Array', b64: 'AAAA' }));
    expect(back).toEqual({ __typed: 'BigInt64Array', b64: 'AAAA' });
  });
});
