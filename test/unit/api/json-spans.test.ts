import { describe, expect, it } from 'vitest';
import { batches, JsonScanError, parseSpan, scanJson, type ArraySpans } from '../../../main/core/api/json-spans';

const bytesOf = (text: string) => new TextEncoder().encode(text);

/** A seeded generator (mulberry32): the same bodies on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings a scan could trip on: quotes and backslashes escaped or not, brackets and commas inside, characters of two to four bytes. */
const TRICKY = ['', 'a"b', 'ends with a backslash \\', '\\\\"', '[{,}]', 'Plzeň — 25 °C', '東京', '🚚 truck', '\n\t', ']', '"', ','];

function value(r: () => number, depth: number): unknown {
  const k = Math.floor(r() * (depth > 3 ? 4 : 7));
  if (k === 0) return Math.round(r() * 1e6) / 100 - 5000;
  if (k === 1) return TRICKY[Math.floor(r() * TRICKY.length)];
  if (k === 2) return r() < 0.5 ? null : r() < 0.5;
  if (k === 3) return 1795783823000 + Math.floor(r() * 1e6);
  if (k === 4 || k === 5) return Object.fromEntries(Array.from({ length: Math.floor(r() * 5) }, (_, i) => [`${TRICKY[i % TRICKY.length]}k${i}`, value(r, depth + 1)]));
  return Array.from({ length: Math.floor(r() * 5) }, () => value(r, depth + 1));
}

function elements(bytes: Uint8Array, spans: ArraySpans, size?: number): unknown[] {
  return [...batches(bytes, spans, size)].flat();
}

describe('json-spans: a body read a batch at a time', () => {
  it('gives the elements JSON.parse gives, in any batch size, compact or pretty-printed', () => {
    const r = random(26);
    for (let n = 0; n < 40; n++) {
      const list = Array.from({ length: Math.floor(r() * 30) }, () => value(r, 0));
      for (const text of [JSON.stringify(list), JSON.stringify(list, null, 2), `\uFEFF \n${JSON.stringify(list, null, '\t')}\r\n`]) {
        const bytes = bytesOf(text);
        const before = bytes.slice();
        const scanned = scanJson(bytes);
        expect(scanned.kind).toBe('array');
        if (scanned.kind !== 'array') continue;
        expect(scanned.elements.count).toBe(list.length);
        for (const size of [1, 2, 7, 256]) expect(elements(bytes, scanned.elements, size)).toEqual(list);
        // The delimiters a batch borrows are put back.
        expect(bytes).toEqual(before);
      }
    }
  });

  it('finds the members of an object, the elements of those that are arrays, and keeps a repeated key’s last value', () => {
    const text = '{ "Positions" : [ {"a":"]"} , {"b":[1,2]} ], "ServerTime": 17, "Note": "x\\"y", "Positions": [3], "Empty": [ ] }';
    const scanned = scanJson(bytesOf(text));
    if (scanned.kind !== 'object') throw new Error('expected an object');
    expect([...scanned.members.keys()]).toEqual(['Positions', 'ServerTime', 'Note', 'Empty']);
    const positions = scanned.members.get('Positions')!;
    expect(elements(scanned.bytes, positions.elements!)).toEqual([3]);
    expect(scanned.members.get('Empty')!.elements!.count).toBe(0);
    const note = scanned.members.get('Note')!;
    expect(note.elements).toBeUndefined();
    expect(parseSpan(scanned.bytes, note.start, note.end)).toBe('x"y');
    expect(parseSpan(scanned.bytes, positions.start, positions.end)).toEqual([3]);
  });

  it('refuses what it cannot follow, for the body to be read whole', () => {
    for (const text of ['', '   ', '"a string"', '42', '[1, 2', '{"a": [1, 2}', '["open string]', '[1, 2] 3', '{"a" 1}', '{a: 1}', '[1 2]', '[1,,2]', '[,]'])
      expect(() => scanJson(bytesOf(text)), text).toThrow(JsonScanError);
  });

  it('refuses a batch JSON.parse refuses, and bytes that are not UTF-8, leaving the body as it was', () => {
    const bytes = bytesOf('[1, tru, 3, {"a":1}]');
    const before = bytes.slice();
    const scanned = scanJson(bytes);
    if (scanned.kind !== 'array') throw new Error('expected an array');
    expect(() => elements(bytes, scanned.elements, 1)).toThrow(JsonScanError);
    expect(() => elements(bytes, scanned.elements, 2)).toThrow(/elements 0–1 are not valid JSON/);
    expect(bytes).toEqual(before);
    const latin1 = new Uint8Array([...bytesOf('["caf'), 0xe9, ...bytesOf('"]')]);
    const s = scanJson(latin1);
    if (s.kind !== 'array') throw new Error('expected an array');
    expect(() => elements(latin1, s.elements)).toThrow(/not UTF-8/);
  });
});
