/**
 * A big poll body read in slices: where the elements of its arrays lie in the UTF-8 bytes,
 * found without decoding the body, then the elements decoded a batch at a time by JSON.parse.
 * Decoded whole, a 60 MB status body at 100,000 objects is a 60 MB string and a graph of
 * 800,000 objects alive at once, and its garbage sets how large the ingest worker's heap grows.
 * In batches, only the batch being read is alive. The streaming parsers on npm were measured at
 * six times JSON.parse's time on that body (decision 0047); this scan only finds the brackets,
 * and the values are still read by JSON.parse.
 *
 * The scan does not validate: JSON.parse of each batch does. A body the scan cannot follow
 * throws JsonScanError, and the caller reads it whole, where the tolerant path repairs it.
 */

/** The body is not one the scan can follow: read it whole instead. */
export class JsonScanError extends Error {
  override name = 'JsonScanError';
}

/** The elements of one array: element i is bytes [at[2i], at[2i+1]). */
export interface ArraySpans {
  readonly count: number;
  readonly at: Int32Array;
}

/** A member of the top-level object: its value's bytes, and its elements if it is an array. */
export interface MemberSpan {
  readonly start: number;
  readonly end: number;
  readonly elements?: ArraySpans;
}

export type ScannedBody =
  | { readonly kind: 'array'; readonly bytes: Uint8Array; readonly elements: ArraySpans }
  | { readonly kind: 'object'; readonly bytes: Uint8Array; readonly members: ReadonlyMap<string, MemberSpan> };

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;

/** What a byte is to a bracket walk (this scan, and the depth check as bytes arrive): 0 nothing, else an opening or closing bracket or a quote. */
export const OPENS = 1;
export const CLOSES = 2;
export const STRING = 3;
export const KIND = new Uint8Array(256);
KIND[OPEN_ARRAY] = KIND[OPEN_OBJECT] = OPENS;
KIND[CLOSE_ARRAY] = KIND[CLOSE_OBJECT] = CLOSES;
KIND[QUOTE] = STRING;

export const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

class Scanner {
  constructor(readonly b: Uint8Array) {}

  fail(at: number, what: string): never {
    throw new JsonScanError(`${what} at byte ${at}`);
  }

  space(i: number): number {
    while (isSpace(this.b[i])) i++;
    return i;
  }

  /** `i` at an opening quote → just past its closing quote. */
  string(i: number): number {
    const end = stringEnd(this.b, i, this.b.length);
    if (end === -1) this.fail(i, 'a string that does not end');
    return end;
  }

  /** `i` at a value's first byte → just past its last. */
  value(i: number): number {
    const end = valueEnd(this.b, i, this.b.length);
    if (end === -1) this.fail(i, this.b[i] === QUOTE ? 'a string that does not end' : 'a value that does not end');
    if (end === i) this.fail(i, 'a missing value');
    return end;
  }

  /** `i` at `[` → its elements, and the index just past `]`. */
  array(i: number): { elements: ArraySpans; end: number } {
    let at = new Int32Array(1024);
    let n = 0;
    let j = this.space(i + 1);
    if (this.b[j] === CLOSE_ARRAY) return { elements: { count: 0, at }, end: j + 1 };
    for (;;) {
      const end = this.value(j);
      if (2 * n + 2 > at.length) {
        const grown = new Int32Array(at.length * 2);
        grown.set(at);
        at = grown;
      }
      at[2 * n] = j;
      at[2 * n + 1] = end;
      n++;
      j = this.space(end);
      if (this.b[j] === CLOSE_ARRAY) return { elements: { count: n, at }, end: j + 1 };
      if (this.b[j] !== COMMA) this.fail(j, 'an array element not followed by , or ]');
      j = this.space(j + 1);
    }
  }

  /** `i` at `{` → its members (a repeated key: its first place and last value, as JSON.parse keeps it), and the index past `}`. */
  object(i: number): { members: Map<string, MemberSpan>; end: number } {
    const members = new Map<string, MemberSpan>();
    let j = this.space(i + 1);
    if (this.b[j] === CLOSE_OBJECT) return { members, end: j + 1 };
    for (;;) {
      if (this.b[j] !== QUOTE) this.fail(j, 'a member without a quoted name');
      const keyEnd = this.string(j);
      const key = JSON.parse(utf8.decode(this.b.subarray(j, keyEnd))) as string;
      j = this.space(keyEnd);
      if (this.b[j] !== COLON) this.fail(j, 'a member name not followed by :');
      const start = this.space(j + 1);
      let end: number;
      if (this.b[start] === OPEN_ARRAY) {
        const a = this.array(start);
        end = a.end;
        members.set(key, { start, end, elements: a.elements });
      } else {
        end = this.value(start);
        members.set(key, { start, end });
      }
      j = this.space(end);
      if (this.b[j] === CLOSE_OBJECT) return { members, end: j + 1 };
      if (this.b[j] !== COMMA) this.fail(j, 'a member not followed by , or }');
      j = this.space(j + 1);
    }
  }
}

/**
 * Just past the string opening at `i`, or -1 where it does not end before `n`. Walked byte by
 * byte: most strings are short keys (ten in each of 800,000 elements of a status), and a native
 * search per key cost more than the bytes themselves.
 */
function stringEnd(b: Uint8Array, i: number, n: number): number {
  let j = i + 1;
  for (; j < n && b[j] !== QUOTE; j++) if (b[j] === BACKSLASH) j++;
  return j >= n ? -1 : j + 1;
}

/**
 * Just past the value whose first byte is at `i`, looking no further than `n`: -1 where it
 * runs on past `n` (a body read a block at a time has not reached its end yet), `i` itself
 * where there is no value there. Brackets are matched, not checked: JSON.parse does that.
 */
export function valueEnd(b: Uint8Array, i: number, n: number): number {
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i, n);
  if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
    // One table load per byte.
    let depth = 0;
    for (let j = i; j < n; j++) {
      const k = KIND[b[j]!]!;
      if (k === 0) continue;
      if (k === OPENS) depth++;
      else if (k === CLOSES) {
        if (--depth === 0) return j + 1;
      } else {
        const end = stringEnd(b, j, n);
        if (end === -1) return -1;
        j = end - 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < n && b[j] !== COMMA && b[j] !== CLOSE_ARRAY && b[j] !== CLOSE_OBJECT && !isSpace(b[j])) j++;
  return j === n ? -1 : j;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The top-level array's elements, or the top-level object's members with the elements of
 * those that are arrays. Anything else (a string, a number, an empty body) is not scanned.
 */
export function scanJson(bytes: Uint8Array): ScannedBody {
  const s = new Scanner(bytes);
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  i = s.space(i);
  const c = bytes[i];
  let scanned: ScannedBody;
  let end: number;
  if (c === OPEN_ARRAY) {
    const a = s.array(i);
    scanned = { kind: 'array', bytes, elements: a.elements };
    end = a.end;
  } else if (c === OPEN_OBJECT) {
    const o = s.object(i);
    scanned = { kind: 'object', bytes, members: o.members };
    end = o.end;
  } else return s.fail(i, 'a body that is neither an array nor an object');
  if (s.space(end) !== bytes.length) s.fail(end, 'more after the body');
  return scanned;
}

/**
 * The text of the elements in bytes [start, end) as one array: the delimiters around them
 * (the array's bracket or a comma) become `[` and `]` while it is decoded, and are put back.
 */
function inPlace(bytes: Uint8Array, start: number, end: number): string {
  let open = start - 1;
  while (bytes[open] !== COMMA && bytes[open] !== OPEN_ARRAY) open--;
  let close = end;
  while (bytes[close] !== COMMA && bytes[close] !== CLOSE_ARRAY) close++;
  const was = [bytes[open]!, bytes[close]!] as const;
  bytes[open] = OPEN_ARRAY;
  bytes[close] = CLOSE_ARRAY;
  try {
    return text(bytes, open, close + 1);
  } finally {
    bytes[open] = was[0];
    bytes[close] = was[1];
  }
}

/**
 * A top-level object's members as a batched reader takes them: each name, in order (a repeated
 * one once, as JSON.parse keeps it), with its elements a batch at a time where its value is
 * an array, and null where it is anything else. From the body's bytes (`membersOf`) or from
 * the file it was put down in (json-blocks.ts `objectMembers`).
 */
export type TopMembers = ReadonlyMap<string, ((select?: ElementSelect) => Iterable<unknown[]>) | null>;

/**
 * Whether to decode an array's element, from its bytes ([start, end) of `bytes`) and its
 * number in the array: a reader that knows which elements are as they were last time
 * (status-memo.ts) decodes only the others.
 */
export type ElementSelect = (bytes: Uint8Array, start: number, end: number, index: number) => boolean;

/** A scanned body's top-level members, their elements read where they lie in its bytes; JsonScanError where it is not an object. */
export function membersOf(scanned: ScannedBody): TopMembers {
  if (scanned.kind !== 'object') throw new JsonScanError('a body that is not an object');
  const { bytes, members } = scanned;
  return new Map(
    [...members].map(([key, m]) => [key, m.elements ? (select?: ElementSelect) => (select ? selectedBatches(bytes, m.elements!, select, 0) : batches(bytes, m.elements!)) : null]),
  );
}

/** Decodes one value of the body (a member's, say). */
export function parseSpan(bytes: Uint8Array, start: number, end: number): unknown {
  return JSON.parse(text(bytes, start, end));
}

function text(bytes: Uint8Array, start: number, end: number): string {
  try {
    return utf8.decode(bytes.subarray(start, end));
  } catch (e) {
    throw new JsonScanError('bytes that are not UTF-8', { cause: e });
  }
}

/** How many elements one batch decodes: small enough to die young, large enough that JSON.parse's own cost per call does not show. */
export const BATCH = 256;

/**
 * The elements of an array, decoded `size` at a time, in order. A batch JSON.parse refuses
 * throws JsonScanError: the body is then for the tolerant path, which can repair it.
 *
 * A batch is read where it lies: the delimiters around it (the array's bracket or a comma)
 * become `[` and `]` while it is decoded, and are put back. Wrapping the decoded text in
 * brackets instead copies every batch once more, a fifth of the time at 100,000 objects.
 */
export function* batches(bytes: Uint8Array, spans: ArraySpans, size = BATCH): Generator<unknown[]> {
  for (let i = 0; i < spans.count; i += size) {
    const last = Math.min(i + size, spans.count) - 1;
    const slice = inPlace(bytes, spans.at[2 * i]!, spans.at[2 * last + 1]!);
    let batch: unknown[];
    try {
      batch = JSON.parse(slice) as unknown[];
    } catch (e) {
      throw new JsonScanError(`elements ${i}–${last} are not valid JSON`, { cause: e });
    }
    yield batch;
  }
}

/**
 * The elements of an array that `select` keeps, decoded `size` at a time, in order; `first`
 * is the number of the array's first element here (a block of a longer array). `select`
 * sees every element once, in order, each before its batch is decoded. Each run of elements
 * kept side by side is decoded as one piece of text, so that a batch kept whole costs what
 * `batches` costs, and one of scattered elements a copy of those few.
 */
export function* selectedBatches(bytes: Uint8Array, spans: ArraySpans, select: ElementSelect, first: number, size = BATCH): Generator<unknown[]> {
  const runs: string[] = [];
  let kept = 0;
  // The run being gathered: bytes [runStart, runEnd) hold its elements and the commas between them.
  let runStart = -1;
  let runEnd = -1;
  let last = -2;
  const closeRun = () => {
    if (runStart >= 0) runs.push(text(bytes, runStart, runEnd));
    runStart = -1;
  };
  const decoded = () => {
    // A batch that is one run is read where it lies, as `batches` reads it: no copy of its text.
    const slice = runs.length === 0 ? inPlace(bytes, runStart, runEnd) : (closeRun(), `[${runs.join(',')}]`);
    runStart = -1;
    runs.length = 0;
    kept = 0;
    try {
      return JSON.parse(slice) as unknown[];
    } catch (e) {
      throw new JsonScanError('selected elements that are not valid JSON', { cause: e });
    }
  };
  for (let i = 0; i < spans.count; i++) {
    const start = spans.at[2 * i]!;
    const end = spans.at[2 * i + 1]!;
    if (!select(bytes, start, end, first + i)) continue;
    if (last !== i - 1) closeRun();
    if (runStart < 0) runStart = start;
    runEnd = end;
    last = i;
    if (++kept === size) {
      yield decoded();
      last = -2;
    }
  }
  if (kept) yield decoded();
}
