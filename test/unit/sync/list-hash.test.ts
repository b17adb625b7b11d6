/**
 * The object list's hash is the hash of its whole JSON text however its objects' texts are
 * held, as strings or as their UTF-8 bytes: a refresh of an unchanged list must still be known
 * as unchanged (ingest-list.ts), whichever way the list before it was read.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listHash } from '../../../main/core/sync/ingest-list';

const whole = (texts: string[]) => createHash('sha256').update(`[${texts.join(',')}]`).digest('base64');
const utf8 = (t: string) => new TextEncoder().encode(t);

describe('listHash', () => {
  it('equals the hash of the joined list for strings, bytes and both mixed, with names in any script', () => {
    for (const n of [0, 1, 2, 999, 2500]) {
      const texts = Array.from({ length: n }, (_, i) => JSON.stringify({ Id: i, Name: i % 3 ? `Truck ${i}` : `Lkw Müller 🚚 ${i}` }));
      expect(listHash(texts), `${n} objects as strings`).toBe(whole(texts));
      expect(listHash(texts.map(utf8)), `${n} objects as bytes`).toBe(whole(texts));
      expect(listHash(texts.map((t, i) => (i % 2 ? utf8(t) : t))), `${n} objects mixed`).toBe(whole(texts));
    }
  });

  it('differs when one object differs', () => {
    const texts = ['{"Id":1}', '{"Id":2}'];
    expect(listHash(texts)).not.toBe(listHash(['{"Id":1}', '{"Id":3}']));
    expect(listHash(texts.map(utf8))).not.toBe(listHash(['{"Id":1}', '{"Id":3}']));
  });
});
