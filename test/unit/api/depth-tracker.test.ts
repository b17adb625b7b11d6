import { describe, expect, it } from 'vitest';
import { depthTracker, type TopContainers } from '../../../main/core/api/body-limits';

/**
 * The plainest walk of the same rules, a byte at a time with its state checked at each one:
 * how deep the body goes at most, and where the top-level value's own arrays and objects lie.
 */
function reference(bytes: Uint8Array): { deepest: number; tops: number[] } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  const tops: number[] = [];
  bytes.forEach((b, i) => {
    if (inString) {
      if (escaped) escaped = false;
      else if (b === 0x5c) escaped = true;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      deepest = Math.max(deepest, ++depth);
      if (depth === 2) tops.push(i);
    } else if (b === 0x7d || b === 0x5d) {
      if (--depth === 1) tops.push(i + 1);
    }
  });
  return { deepest, tops };
}

/** A seeded generator, so a failure is the same failure on the next run. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s % n;
  };
}

/** Bytes that are mostly JSON's: brackets, quotes, backslashes (escaping quotes and each other), commas and letters. */
function jsonish(next: (n: number) => number, length: number): Uint8Array {
  const alphabet = utf8('{}[]"\\\\\\,:a1 ');
  return Uint8Array.from({ length }, () => alphabet[next(alphabet.length)]!);
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function feedInPieces(bytes: Uint8Array, maxDepth: number, next: (n: number) => number, tops?: TopContainers): boolean {
  const d = depthTracker(maxDepth, tops);
  let ok = true;
  for (let i = 0; i < bytes.length && ok; ) {
    const size = next(4) === 0 ? 0 : 1 + next(9);
    ok = d.feed(bytes.subarray(i, i + size));
    i += size;
  }
  return ok;
}

describe('depthTracker: the nesting of JSON bytes followed across chunks', () => {
  it('refuses exactly the bodies nested deeper than allowed and notes the same places as a walk a byte at a time, however the chunks fall', () => {
    const next = random(26);
    for (let round = 0; round < 2000; round++) {
      const bytes = jsonish(next, 1 + next(80));
      const { deepest, tops } = reference(bytes);
      const maxDepth = 1 + next(6);
      const noted: TopContainers = { at: [], overflow: false };
      const ok = feedInPieces(bytes, maxDepth, next, noted);
      expect(ok, new TextDecoder().decode(bytes)).toBe(deepest <= maxDepth);
      if (ok) expect(noted.at, new TextDecoder().decode(bytes)).toEqual(tops);
    }
  });

  it('does not count brackets in strings, an escaped quote included, when the escape ends a chunk', () => {
    const body = utf8('{"a":"[[[\\"[[[","b":[1]}');
    const escapeAt = body.indexOf(0x5c);
    const d = depthTracker(2, { at: [], overflow: false });
    expect(d.feed(body.subarray(0, escapeAt + 1))).toBe(true);
    expect(d.feed(body.subarray(escapeAt + 1))).toBe(true);
    expect(depthTracker(1).feed(body)).toBe(false);
  });
});
