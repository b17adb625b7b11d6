import { describe, expect, it } from 'vitest';
import { AsciiBytes } from '../../../simulator/util/ascii-bytes';

const printed = (write: (w: AsciiBytes) => void) => {
  const w = new AsciiBytes(16);
  write(w);
  return w.take().toString('latin1');
};

describe('JSON numbers written as bytes print as JavaScript prints them', () => {
  it('integers, including times past 2^31 and negatives', () => {
    for (const n of [0, 7, 10, 99, 100, -1, -270, 2 ** 31, 1_795_000_000_123, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) expect(printed((w) => w.int(n))).toBe(`${n}`);
  });

  it('rounded decimals: no trailing zeros, no point when whole, no minus on zero', () => {
    const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
    const cases: [number, number][] = [[0, 6], [-0, 6], [53.5, 6], [-73.1, 6], [12.000001, 6], [0.000001, 6], [-0.000001, 6], [179.999999, 6], [100, 1], [87.3, 1], [0.1, 1], [-0.1, 1]];
    for (let i = 0; i < 20_000; i++) cases.push([r6(-180 + Math.random() * 360), 6], [Math.round(Math.random() * 2000) / 10, 1]);
    for (const [v, places] of cases) expect(printed((w) => w.decimal(v, places)), `${v}`).toBe(`${v}`);
  });

  it('anything out of range falls back to String, and not-a-number to null', () => {
    expect(printed((w) => w.decimal(1e300, 6))).toBe('1e+300');
    expect(printed((w) => w.int(1.5))).toBe('1.5');
    expect(printed((w) => w.decimal(Number.NaN, 1))).toBe('null');
    expect(printed((w) => w.int(Number.POSITIVE_INFINITY))).toBe('null');
  });

  it('grows past its chunk size and says when a chunk is full', () => {
    const w = new AsciiBytes(16);
    for (let i = 0; i < 100; i++) w.text('{"a":').int(i).text('}');
    expect(w.full).toBe(true);
    const text = w.take().toString('latin1');
    expect(text.startsWith('{"a":0}{"a":1}')).toBe(true);
    expect(text.endsWith('{"a":99}')).toBe(true);
    expect(w.length).toBe(0);
  });
});
