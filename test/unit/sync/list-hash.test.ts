/**
 * The object list's hash is the hash of its whole JSON text whether it is fed at once or in
 * slices: a refresh of an unchanged list must still be known as unchanged (ingest.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listHash } from '../../../main/core/sync/ingest-bodies';

const whole = (texts: string[]) => createHash('sha256').update(`[${texts.join(',')}]`).digest('base64');

describe('listHash', () => {
  it('equals the hash of the joined list for every length around the slice size, and names in any script', () => {
    for (const n of [0, 1, 2, 999, 1000, 1001, 2500]) {
      const texts = Array.from({ length: n }, (_, i) => JSON.stringify({ Id: i, Name: i % 3 ? `Truck ${i}` : `Lkw Müller 🚚 ${i}` }));
      expect(listHash(texts), `${n} objects`).toBe(whole(texts));
      expect(listHash(texts, 7), `${n} objects in slices of 7`).toBe(whole(texts));
    }
  });

  it('differs when one object differs', () => {
    const texts = ['{"Id":1}', '{"Id":2}'];
    expect(listHash(texts)).not.toBe(listHash(['{"Id":1}', '{"Id":3}']));
  });
});
