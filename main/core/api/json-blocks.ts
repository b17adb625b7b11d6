/**
 * A big body read a block at a time from wherever it was put down (a file the ingest worker
 * spooled it to), never whole: the object list's elements as they come, and the profile
 * without its objects. At 100,000 objects each of these bodies is over 100 MB; held whole, it
 * was the largest single part of the host's peak memory (decision 0060). Like json-spans.ts,
 * this only finds where values lie; JSON.parse reads them, and a body these cannot follow
 * throws JsonScanError so that the caller reads it whole, where the tolerant path repairs it.
 */
import { joinChunks } from './body-limits';
import { BACKSLASH, batches, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, isSpace, JsonScanError, OPEN_ARRAY, OPEN_OBJECT, QUOTE, scanJson, selectedBatches, valueEnd, type ArraySpans, type ElementSelect, type TopMembers } from './json-spans';
import { keyFold } from './tolerant';

/** Fills `into` from the start with the next bytes; 0 at the end. */
export type ReadInto = (into: Uint8Array) => number;

/** Fills `into` from the start with the bytes from `position` on; fewer, or 0, at the end. */
export type ReadAt = (into: Uint8Array, position: number) => number;

/** Some complete elements of the array: element i is bytes [at[2i], at[2i+1]) of `bytes`, which also hold the delimiters around them. */
export interface ArrayBlock {
  readonly bytes: Uint8Array;
  readonly elements: ArraySpans;
}

/** Big enough that a block holds thousands of objects, small beside the body. */
export const BLOCK_BYTES = 4 << 20;

const keyText = new TextDecoder();

function skipSpace(b: Uint8Array, i: number, n: number): number {
  while (i < n && isSpace(b[i])) i++;
  return i;
}

const fail = (what: string): never => {
  throw new JsonScanError(what);
};

/**
 * The elements of a top-level array, in blocks of `blockBytes` or so. Each block is a fresh
 * buffer (what its elements' views keep alive, and nothing more): an element cut by a block's
 * end is carried to the next with the delimiter before it, so that every block can be decoded
 * where it lies (json-spans.ts `batches`).
 */
export function* arrayBlocks(read: ReadInto, blockBytes = BLOCK_BYTES): Generator<ArrayBlock> {
  let carry = new Uint8Array(0);
  let started = false;
  let ended = false;
  let eof = false;
  let offset = 0;
  // Doubled while one element is longer than the blocks so far, so that a huge element costs
  // a few reads of itself, not one per block it spans.
  let size = blockBytes;
  while (!eof) {
    const buf = new Uint8Array(carry.length + size);
    buf.set(carry);
    let n = carry.length;
    while (n < buf.length) {
      const got = read(buf.subarray(n));
      if (got === 0) {
        eof = true;
        break;
      }
      n += got;
    }
    if (ended) {
      if (skipSpace(buf, 0, n) !== n) fail(`more after the array at byte ${offset}`);
      offset += n;
      continue;
    }
    // The index of the delimiter before the next element: `[`, then each comma.
    let delim = 0;
    if (!started) {
      // Too short yet to tell a byte-order mark from the body's first bytes.
      if (n < 3 && !eof) {
        carry = buf.slice(0, n);
        continue;
      }
      let i = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
      i = skipSpace(buf, i, n);
      if (i === n && !eof) {
        carry = buf.slice(0, n);
        continue;
      }
      if (buf[i] !== OPEN_ARRAY) fail('a body that is not an array');
      started = true;
      delim = i;
    }
    const at: number[] = [];
    let after = -1;
    for (;;) {
      const start = skipSpace(buf, delim + 1, n);
      if (start === n) break;
      if (buf[start] === CLOSE_ARRAY && buf[delim] === OPEN_ARRAY) {
        after = start + 1;
        break;
      }
      const end = valueEnd(buf, start, n);
      if (end === -1) break;
      if (end === start) fail(`a missing value at byte ${offset + start}`);
      const next = skipSpace(buf, end, n);
      if (next === n) break;
      at.push(start, end);
      if (buf[next] === CLOSE_ARRAY) {
        after = next + 1;
        break;
      }
      if (buf[next] !== COMMA) fail(`an array element not followed by , or ] at byte ${offset + next}`);
      delim = next;
    }
    if (at.length) yield { bytes: buf, elements: { count: at.length / 2, at: Int32Array.from(at) } };
    size = at.length || after !== -1 ? blockBytes : 2 * size;
    if (after !== -1) {
      ended = true;
      if (skipSpace(buf, after, n) !== n) fail(`more after the array at byte ${offset + after}`);
      carry = new Uint8Array(0);
      offset += n;
    } else {
      // A copy: a view would keep the whole block alive with the rows made from it.
      carry = buf.slice(delim, n);
      offset += delim;
    }
  }
  if (!ended) fail('an array that does not end');
}

/**
 * The bytes of a top-level object with the value of its member named `name` (any case or
 * spelling keyFold folds to it) emptied to `[]` where it is an array: the profile with its
 * objects skipped as they pass. Undefined where the body is not an object or has no such
 * array; read whole then.
 */
export function withoutArrayMember(read: ReadInto, name: string, blockBytes = BLOCK_BYTES): Uint8Array | undefined {
  const kept: Uint8Array[] = [];
  const buf = new Uint8Array(blockBytes);
  let depth = 0;
  let inString = false;
  let escaped = false;
  let opened = false;
  let closed = false;
  // A name at the top level being read (its bytes so far); then whether it is the one sought.
  let key: number[] | null = null;
  let expectKey = false;
  let sought = false;
  let skipping = false;
  let emptied = false;
  for (let n = read(buf), block = 0; n > 0; n = read(buf), block++) {
    let i = block === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
    let from = i;
    for (; i < n; i++) {
      const c = buf[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (key) sought = keyFold(JSON.parse(`"${keyText.decode(Uint8Array.from(key))}"`) as string) === name;
          key = null;
          continue;
        }
        key?.push(c);
        continue;
      }
      if (depth === 0) {
        if (isSpace(c)) continue;
        if (c !== OPEN_OBJECT || opened) return undefined;
        opened = true;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1) {
          if (expectKey) key = [];
          else sought = false;
          expectKey = false;
        }
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        depth++;
        if (depth === 1) expectKey = true;
        else if (depth === 2) {
          if (sought && c === OPEN_ARRAY) {
            // The array's own `[` is kept, its elements are not, and its `]` ends the skip.
            kept.push(buf.slice(from, i + 1));
            skipping = emptied = true;
          }
          sought = false;
        }
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        depth--;
        if (depth === 0) closed = true;
        if (skipping && depth === 1) {
          skipping = false;
          from = i;
        }
      } else if (depth === 1) {
        if (c === COMMA) expectKey = true;
        else if (c !== COLON && !isSpace(c)) sought = false;
      }
    }
    if (!skipping) kept.push(buf.slice(from, n));
  }
  if (!emptied || !closed || inString) return undefined;
  return joinChunks(kept);
}

/** Past this, what lies around a body's arrays is not a status's few names: the body is read whole. */
const AROUND_MAX = 1 << 20;

/**
 * A top-level object's members, read from where its bytes lie (a spooled file), given where
 * the arrays and objects directly inside it begin and end (`tops`, in pairs: body-limits.ts
 * noted them as the bytes arrived). The rest of the body, its names and plain values with
 * each of those emptied, is read and scanned at once; an array's elements are read only when
 * asked for, from its own bytes, a block at a time. Throws JsonScanError where the body or
 * the places given do not fit together, for the caller to read it whole.
 */
export function objectMembers(readAt: ReadAt, size: number, tops: readonly number[], blockBytes = BLOCK_BYTES): TopMembers {
  const parts: Uint8Array[] = [];
  let length = 0;
  const take = (start: number, end: number) => {
    if (length + end - start > AROUND_MAX) fail('more than names and plain values around the arrays');
    const part = new Uint8Array(end - start);
    if (readAll(readAt, part, start) !== part.length) fail(`a body shorter than its ${size} bytes`);
    parts.push(part);
    length += part.length;
  };
  // Where each container's opening bracket is in the emptied body: how its member is known.
  const container = new Map<number, { start: number; end: number }>();
  let from = 0;
  if (tops.length % 2 !== 0) fail('places that do not pair up');
  for (let k = 0; k < tops.length; k += 2) {
    const start = tops[k]!;
    const end = tops[k + 1]!;
    if (start < from || end <= start || end > size) fail('places out of order');
    take(from, start + 1);
    const open = parts.at(-1)!.at(-1);
    if (open !== OPEN_ARRAY && open !== OPEN_OBJECT) fail(`no bracket at byte ${start}`);
    container.set(length - 1, { start, end });
    parts.push(Uint8Array.of(open === OPEN_ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT));
    length++;
    from = end;
  }
  take(from, size);
  const scanned = scanJson(joinChunks(parts));
  if (scanned.kind !== 'object') throw new JsonScanError('a body that is not an object');
  const members = new Map<string, ((select?: ElementSelect) => Iterable<unknown[]>) | null>();
  for (const [key, m] of scanned.members) {
    if (!m.elements) {
      members.set(key, null);
      continue;
    }
    const place = container.get(m.start);
    if (!place) throw new JsonScanError(`an array of ${JSON.stringify(key)} not where it was noted`);
    members.set(key, function* (select?: ElementSelect) {
      let first = 0;
      for (const block of arrayBlocks(readRange(readAt, place.start, place.end), blockBytes)) {
        yield* select ? selectedBatches(block.bytes, block.elements, select, first) : batches(block.bytes, block.elements);
        first += block.elements.count;
      }
    });
  }
  return members;
}

/** Fills `into` from `position`, as many reads as it takes; how many bytes it got. */
function readAll(readAt: ReadAt, into: Uint8Array, position: number): number {
  let n = 0;
  while (n < into.length) {
    const got = readAt(into.subarray(n), position + n);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/** Bytes [start, end) read forward. */
export function readRange(readAt: ReadAt, start: number, end: number): ReadInto {
  let at = start;
  return (into) => {
    if (at >= end) return 0;
    const got = readAt(into.subarray(0, Math.min(into.length, end - at)), at);
    at += got;
    return got;
  };
}
