import { describe, expect, it } from 'vitest';
import { arrayBlocks, withoutArrayMember, type ReadInto } from '../../../main/core/api/json-blocks';
import { batches, JsonScanError } from '../../../main/core/api/json-spans';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Reads `bytes` as a file would be read, at most `step` bytes a call. */
function reader(bytes: Uint8Array, step = Infinity): ReadInto {
  let at = 0;
  return (into) => {
    const n = Math.min(into.length, bytes.length - at, step);
    into.set(bytes.subarray(at, at + n));
    at += n;
    return n;
  };
}

/** Every element the blocks hold, decoded where it lies, as the ingest worker decodes them. */
function elements(text: string, blockBytes: number, step?: number): unknown[] {
  const out: unknown[] = [];
  for (const block of arrayBlocks(reader(utf8(text), step), blockBytes)) for (const batch of batches(block.bytes, block.elements, 3)) out.push(...batch);
  return out;
}

const tricky = [
  { Id: 1, Name: 'Dodávka — Plzeň 🚚 ] } [ {', Tags: ['a,b', '"quoted"', 'back\\slash'], Nested: { deep: [[1], [2, { x: '}' }]] } },
  { Id: 2, Name: '', Tags: [] },
  'a string element, with a ] in it',
  12.5e3,
  null,
  true,
  [1, [2, [3]]],
];

describe('arrayBlocks: a top-level array read a block at a time', () => {
  it('gives every element once, in order, whatever the block size and however the reads fall', () => {
    const text = JSON.stringify(tricky);
    const pretty = `\ufeff \n${JSON.stringify(tricky, null, 2)}\n\n`;
    for (const body of [text, pretty]) {
      for (const blockBytes of [1, 2, 7, 64, 1 << 20]) {
        expect(elements(body, blockBytes)).toEqual(tricky);
        expect(elements(body, blockBytes, 5)).toEqual(tricky);
      }
    }
  });

  it('keeps no more than a block and the element it cuts: each block is its own buffer', () => {
    const list = Array.from({ length: 2000 }, (_, i) => ({ Id: i, Name: `Car ${i}` }));
    const blocks = [...arrayBlocks(reader(utf8(JSON.stringify(list))), 4096)];
    expect(blocks.length).toBeGreaterThan(5);
    expect(new Set(blocks.map((b) => b.bytes.buffer)).size).toBe(blocks.length);
    expect(Math.max(...blocks.map((b) => b.bytes.byteLength))).toBeLessThan(4096 + 64);
    expect(blocks.reduce((n, b) => n + b.elements.count, 0)).toBe(2000);
  });

  it('reads an element longer than a block in a few reads of it, not one per block it spans', () => {
    const long = { Id: 1, Notes: 'n'.repeat(100_000) };
    const bytes = utf8(JSON.stringify([{ Id: 0 }, long, { Id: 2 }]));
    let reads = 0;
    const read = reader(bytes);
    const counted: ReadInto = (into) => {
      reads++;
      return read(into);
    };
    const got: unknown[] = [];
    for (const block of arrayBlocks(counted, 1024)) for (const batch of batches(block.bytes, block.elements)) got.push(...batch);
    expect(got).toEqual([{ Id: 0 }, long, { Id: 2 }]);
    expect(reads).toBeLessThan(20);
  });

  it('an empty array has no blocks', () => {
    expect(elements('[]', 1)).toEqual([]);
    expect(elements(' [ \n ] ', 2)).toEqual([]);
  });

  it('a body it cannot follow throws JsonScanError, to be read whole', () => {
    for (const bad of ['{"a":[1]}', '[1,2', '[{"a":1},{"b":', '[1,,2]', '[1 2]', '[1,2] x', '', '[1,]']) {
      for (const blockBytes of [1, 3, 1024]) {
        expect(() => elements(bad, blockBytes), `${bad} in blocks of ${blockBytes}`).toThrow(JsonScanError);
      }
    }
  });
});

describe('withoutArrayMember: the profile with its objects skipped as they pass', () => {
  const profile = (objects: string, key = 'Objects') =>
    `{"Geozones":[{"Id":4,"Name":"Depot \\"Objects\\": [1]"}],"${key}":${objects},"ServerTime":1718000000000,"Extra":{"Objects":[1,2]},"Last":"x"}`;

  it('keeps every other member byte for byte, in any block size', () => {
    const objects = JSON.stringify(tricky);
    for (const key of ['Objects', 'objects', 'OBJECTS']) {
      const body = profile(objects, key);
      const expected = profile('[]', key);
      for (const blockBytes of [1, 2, 5, 64, 1 << 16]) {
        const kept = withoutArrayMember(reader(utf8(body)), 'objects', blockBytes);
        expect(kept && new TextDecoder().decode(kept)).toBe(expected);
      }
    }
  });

  it('a member nested deeper, or in a string, is not the one skipped', () => {
    const kept = withoutArrayMember(reader(utf8(profile('[{"Id":1}]'))), 'objects', 8);
    expect(JSON.parse(new TextDecoder().decode(kept))).toMatchObject({ Objects: [], Extra: { Objects: [1, 2] }, Geozones: [{ Name: 'Depot "Objects": [1]' }] });
  });

  it('answers nothing where there is no such array or the body is not one object', () => {
    for (const body of ['{"Objects":null,"Geozones":[]}', '{"Geozones":[]}', '[{"Objects":[]}]', '{"Objects":[1,2]', '{"Objects":[]} {}', '"Objects"']) {
      expect(withoutArrayMember(reader(utf8(body)), 'objects', 4), body).toBeUndefined();
    }
  });
});
