import { describe, expect, it } from 'vitest';
import { depthTracker, MAX_TOP_CONTAINERS, type TopContainers } from '../../../main/core/api/body-limits';
import { arrayBlocks, objectMembers, withoutArrayMember, type ReadAt, type ReadInto } from '../../../main/core/api/json-blocks';
import { batches, JsonScanError, membersOf, scanJson, type TopMembers } from '../../../main/core/api/json-spans';

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

describe('objectMembers: a top-level object read from its file an array at a time', () => {
  /** Reads `bytes` wherever asked, as a file is read, at most `step` bytes a call, counting what it read. */
  function file(bytes: Uint8Array, step = Infinity) {
    const read = { bytes: 0 };
    const readAt: ReadAt = (into, position) => {
      const n = Math.max(0, Math.min(into.length, bytes.length - position, step));
      into.set(bytes.subarray(position, position + n));
      read.bytes += n;
      return n;
    };
    return { readAt, read };
  }
  /** Where the depth check notes the top-level containers, fed the bytes in pieces of `chunk` as they arrive. */
  function noted(bytes: Uint8Array, chunk: number): TopContainers {
    const tops: TopContainers = { at: [], overflow: false };
    const depth = depthTracker(64, tops);
    for (let i = 0; i < bytes.length; i += chunk) depth.feed(bytes.subarray(i, i + chunk));
    return tops;
  }
  const decoded = (members: TopMembers) => Object.fromEntries([...members].map(([key, batched]) => [key, batched && [...batched()].flat()]));

  const bodies = [
    `{"Positions":${JSON.stringify(tricky)},"SensorValues":[],"DriverKeys":[{"UId":"]"}],"Stats":[[1],[2]]}`,
    // Any order, plain members and an object between the arrays, brackets in names and strings.
    `\ufeff {"Stats" : [ 1 , 2 ] , "Note":"a ] and a [","Meta":{"a":[1,{"b":"}"}]},"we[ird]":[3],"Positions":[{"x":"{"}] }\n`,
    // A repeated name: its last value, as JSON.parse keeps it.
    '{"Positions":[1],"Count":3,"Positions":[2,3],"Empty":{}}',
    '{}',
  ];

  it('gives the members and elements the body read from memory gives, however the bytes arrived and are read', () => {
    for (const text of bodies) {
      const bytes = utf8(text);
      const expected = decoded(membersOf(scanJson(bytes)));
      for (const chunk of [1, 7, 1 << 16]) {
        const tops = noted(bytes, chunk);
        expect(tops.overflow).toBe(false);
        for (const [blockBytes, step] of [[2, 3], [64, Infinity], [1 << 20, 5]] as const) {
          const { readAt } = file(bytes, step);
          expect(decoded(objectMembers(readAt, bytes.length, tops.at, blockBytes)), `${text} in chunks of ${chunk}`).toEqual(expected);
        }
      }
    }
  });

  it('reads only what lies around the arrays until an array is asked for', () => {
    const positions = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ ObjectId: i, Lat: 50, Lng: 14 })));
    const bytes = utf8(`{"Positions":${positions},"Stats":[{"ObjectId":1}],"ServerTime":17}`);
    const { readAt, read } = file(bytes);
    const members = objectMembers(readAt, bytes.length, noted(bytes, 4096).at, 1 << 16);
    expect(read.bytes).toBeLessThan(64);
    expect([...members.keys()]).toEqual(['Positions', 'Stats', 'ServerTime']);
    expect([...members.get('Stats')!()]).toEqual([[{ ObjectId: 1 }]]);
    expect(read.bytes).toBeLessThan(128);
    expect([...members.get('Positions')!()].flat()).toHaveLength(20_000);
    expect(read.bytes).toBeGreaterThan(positions.length);
  });

  it('throws JsonScanError where the body or the places noted do not fit, to be read whole', () => {
    const text = '{"Positions":[1,2],"Stats":[3]}';
    const bytes = utf8(text);
    const { at } = noted(bytes, 5);
    const attempts: [string, () => unknown][] = [
      ['places shifted by one', () => objectMembers(file(bytes).readAt, bytes.length, at.map((n) => n + 1))],
      ['places that do not pair up', () => objectMembers(file(bytes).readAt, bytes.length, at.slice(1))],
      ['a file shorter than it was', () => objectMembers(file(bytes.subarray(0, 20)).readAt, bytes.length, at)],
      ['a top-level array', () => objectMembers(file(utf8('[[1],[2]]')).readAt, 9, noted(utf8('[[1],[2]]'), 3).at)],
      ['more after the object', () => objectMembers(file(utf8('{"a":[1]} {}')).readAt, 12, noted(utf8('{"a":[1]} {}'), 3).at)],
      ['an array that is not valid inside', () => [...objectMembers(file(utf8('{"a":[1 2]}')).readAt, 11, noted(utf8('{"a":[1 2]}'), 3).at).get('a')!()]],
      ['no places noted for an array', () => objectMembers(file(bytes).readAt, bytes.length, [])],
    ];
    for (const [what, attempt] of attempts) expect(attempt, what).toThrow(JsonScanError);
  });

  it('the depth check notes no places past a few dozen: a top-level array of objects is not noted at all', () => {
    const many = utf8(JSON.stringify(Array.from({ length: MAX_TOP_CONTAINERS + 1 }, (_, i) => ({ i }))));
    const tops = noted(many, 100);
    expect(tops).toEqual({ at: [], overflow: true });
    const few = utf8(JSON.stringify(Array.from({ length: MAX_TOP_CONTAINERS }, (_, i) => ({ i }))));
    expect(noted(few, 100).at).toHaveLength(2 * MAX_TOP_CONTAINERS);
  });
});
