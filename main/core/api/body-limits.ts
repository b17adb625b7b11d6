/**
 * Bounded bodies: how large and how deeply nested an answer may be, per endpoint family.
 * A server (or a proxy in front of it) that sends a gigabyte or ten thousand open brackets
 * must cost a clear error, not the process's memory: the limit is checked against
 * Content-Length before reading and against the bytes while they arrive, and reading stops
 * (the connection is dropped) as soon as either limit is passed.
 */
import { ApiError } from './errors';
import { BACKSLASH, CLOSES, KIND, OPENS, QUOTE } from './json-spans';

/** Endpoint families with their own size limit (README.md "Bounded bodies"). */
export type BodyFamily = 'history' | 'fleet' | 'reports' | 'files' | 'other';

export interface BodyLimits {
  /** Largest answer, in bytes, per family. */
  maxBytes: Readonly<Record<BodyFamily, number>>;
  /** Deepest nesting of objects and lists in a JSON answer. */
  maxDepth: number;
}

const MB = 1024 * 1024;

/**
 * A month of 1 Hz history for one object is about 200 MB of JSON, so history gets 512 MB;
 * the status, object list and profile of 50,000 objects are tens of MB, so 128 MB; report
 * results can list a fleet's month, so the same; attached files 64 MB; every other answer
 * (events, catalogues, a token) is well under a megabyte, so 16 MB is already generous.
 * The deepest shape of the interface is five levels; 64 leaves room for unknown fields.
 */
export const DEFAULT_BODY_LIMITS: BodyLimits = {
  maxBytes: { history: 512 * MB, fleet: 128 * MB, reports: 128 * MB, files: 64 * MB, other: 16 * MB },
  maxDepth: 64,
};

const FAMILIES: ReadonlyArray<readonly [RegExp, BodyFamily]> = [
  [/^\/api\/(objectshistory|objectpackets)(\/|$)/i, 'history'],
  [/^\/api\/(objectsstatus|objects|profile)(\/|$)/i, 'fleet'],
  [/^\/api\/(reports|reporttemplates)(\/|$)/i, 'reports'],
  [/^\/api\/objectfiles(\/|$)/i, 'files'],
];

/** The family of a request path ("/api/ObjectsHistory/…" → history). */
export function familyOf(path: string): BodyFamily {
  for (const [re, family] of FAMILIES) if (re.test(path)) return family;
  return 'other';
}

/**
 * Limits from the settings (`bodyLimitsMb`, `bodyMaxDepth`): missing, non-numeric or
 * non-positive values keep the default, so a hand-edited file cannot switch a limit off.
 */
export function bodyLimitsFrom(mb: Partial<Record<string, unknown>> | undefined, depth: unknown): BodyLimits {
  const maxBytes = { ...DEFAULT_BODY_LIMITS.maxBytes };
  for (const k of Object.keys(maxBytes) as BodyFamily[]) {
    const v = mb?.[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) maxBytes[k] = Math.round(v * MB);
  }
  const maxDepth = typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : DEFAULT_BODY_LIMITS.maxDepth;
  return { maxBytes, maxDepth };
}

/** What one read is allowed: bytes, and depth (null: not JSON, not scanned). */
export interface BodyBound {
  endpoint: string;
  maxBytes: number;
  maxDepth: number | null;
}

export function boundFor(limits: BodyLimits, endpoint: string, path: string, json: boolean): BodyBound {
  return { endpoint, maxBytes: limits.maxBytes[familyOf(path)], maxDepth: json ? limits.maxDepth : null };
}

/** An answer over a limit. Never retried: the same request would bring the same answer. */
export class BodyLimitError extends ApiError {}

function sizeWords(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function tooLarge(b: BodyBound): BodyLimitError {
  return new BodyLimitError('server_error', `${b.endpoint}: the answer is larger than ${sizeWords(b.maxBytes)}`, { endpoint: b.endpoint });
}

export function tooDeep(endpoint: string, maxDepth: number): BodyLimitError {
  return new BodyLimitError('server_error', `${endpoint}: the answer is nested deeper than ${maxDepth} levels`, { endpoint });
}

/**
 * Where the arrays and objects directly inside a body's top-level value lie, noted as the
 * bytes pass: `at` holds each one's first byte and the byte just past its last, in pairs.
 * A body with more than `MAX_TOP_CONTAINERS` of them (a top-level array of objects, say) is
 * not noted at all (`overflow`): its reader reads it another way.
 */
export interface TopContainers {
  readonly at: number[];
  overflow: boolean;
}

export const MAX_TOP_CONTAINERS = 64;

/**
 * Follows the nesting of JSON bytes across chunks; brackets inside strings do not count.
 * One pass over each chunk as it arrives, in the thread that reads it (the ingest worker
 * for the big bodies): a fraction of what JSON.parse of the same bytes costs. Given `tops`,
 * it notes there where the top-level value's own members lie, for a reader that takes them
 * one at a time from a file (api/json-blocks.ts `objectMembers`).
 */
export function depthTracker(maxDepth: number, tops?: TopContainers) {
  let depth = 0;
  let inString = false;
  // The chunk before ended on a backslash inside a string: this one's first byte is escaped.
  let escaped = false;
  let seen = 0;
  const note = (at: number) => {
    if (tops!.overflow) return;
    if (tops!.at.length < 2 * MAX_TOP_CONTAINERS) tops!.at.push(at);
    else {
      tops!.overflow = true;
      tops!.at.length = 0;
    }
  };
  return {
    /** False once the nesting went deeper than allowed. */
    feed(c: Uint8Array): boolean {
      const n = c.length;
      let i = 0;
      if (inString) {
        const q = closingQuote(c, escaped ? 1 : 0);
        if (q >= n) {
          escaped = q > n;
          seen += n;
          return true;
        }
        inString = escaped = false;
        i = q + 1;
      }
      // Outside strings one table load per byte; a string's bytes are walked by closingQuote.
      for (; i < n; i++) {
        const k = KIND[c[i]!]!;
        if (k === 0) continue;
        if (k === OPENS) {
          if (++depth > maxDepth) return false;
          if (depth === 2 && tops) note(seen + i);
        } else if (k === CLOSES) {
          if (--depth === 1 && tops) note(seen + i + 1);
        } else {
          const q = closingQuote(c, i + 1);
          if (q >= n) {
            inString = true;
            escaped = q > n;
            seen += n;
            return true;
          }
          i = q;
        }
      }
      seen += n;
      return true;
    },
  };
}

/**
 * Where the string being read closes in `c`, from `i` on: the index of its quote; `c.length`
 * where it goes on into the next chunk, and one more where `c` ends on a backslash (the next
 * chunk's first byte is escaped).
 */
function closingQuote(c: Uint8Array, i: number): number {
  const n = c.length;
  for (; i < n; i++) {
    const b = c[i]!;
    if (b === QUOTE) return i;
    if (b === BACKSLASH) i++;
  }
  return i;
}

/** The same check over text already decoded (a JSON string that wraps JSON). */
export function withinDepth(text: string, maxDepth: number): boolean {
  return depthTracker(maxDepth).feed(new TextEncoder().encode(text));
}

/**
 * The body's bytes, within the bound: in one buffer when its length was declared, else its
 * chunks as they arrived, each owning its buffer. A declared
 * Content-Length over the limit is refused before reading; otherwise reading stops (and the
 * stream is cancelled, dropping the connection) at the first chunk that passes a limit.
 */
export async function readBounded(res: Response, b: BodyBound): Promise<Uint8Array[]> {
  const declared = Number(res.headers.get('content-length'));
  const out: Uint8Array[] = [];
  // A declared length (without a content coding, whose length is the compressed body's) lets
  // the body be read into one buffer: its chunks die young, and nothing joins them later, a
  // second copy of a 60 MB status body (decision 0047). One over the bound is refused unread.
  const fits = Number.isFinite(declared) && declared > 0 && declared <= b.maxBytes && !res.headers.get('content-encoding');
  let whole = fits && res.body ? new Uint8Array(declared) : null;
  let filled = 0;
  await streamBounded(res, b, (c) => {
    if (whole && filled + c.byteLength <= whole.length) {
      whole.set(c, filled);
      filled += c.byteLength;
      return;
    }
    // More than was declared: what was read so far becomes the first chunk.
    if (whole) out.push(whole.slice(0, filled));
    whole = null;
    out.push(c.byteOffset === 0 && c.byteLength === c.buffer.byteLength && c.buffer instanceof ArrayBuffer ? c : c.slice());
  });
  if (whole) out.push(filled === whole.length ? whole : whole.slice(0, filled));
  return out;
}

/** The declared length, the body refused (and its stream cancelled) where it is over the bound. */
async function refuseDeclared(res: Response, b: BodyBound): Promise<number> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > b.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(b);
  }
  return declared;
}

/**
 * The body handed to `write` a chunk at a time as it arrives, within the bound; its size. A
 * declared length over the bound is refused before reading; otherwise reading stops (leaving
 * the loop cancels the stream) at the first chunk that passes a limit.
 */
export async function streamBounded(res: Response, b: BodyBound, write: (chunk: Uint8Array) => void, tops?: TopContainers): Promise<number> {
  await refuseDeclared(res, b);
  if (!res.body) return 0;
  const depth = b.maxDepth !== null ? depthTracker(b.maxDepth, tops) : null;
  let size = 0;
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (depth && !depth.feed(c)) throw tooDeep(b.endpoint, b.maxDepth!);
    size += c.byteLength;
    if (size > b.maxBytes) throw tooLarge(b);
    write(c);
  }
  return size;
}

/** The chunks as one UTF-8 text (a character split between two chunks is carried over). */
export function chunksText(chunks: readonly Uint8Array[]): string {
  const utf8 = new TextDecoder();
  let out = '';
  for (let i = 0; i < chunks.length; i++) out += utf8.decode(chunks[i], { stream: i < chunks.length - 1 });
  return out;
}

/** The chunks as one buffer (the one chunk itself when there is only one). */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
