/**
 * The fast path of parse-track.ts: every `"Positions": [...]` array of a history body read
 * straight from its bytes into columns, without decoding the body to a string and without
 * a JavaScript object per point.
 *
 * Why: a 1 Hz month is 260 MB of body, 97% of it in those arrays. Decoding it and running
 * JSON.parse cost the history writer's thread 2.3 s of its cold month (1 s of it GC of
 * 2.6 M point objects), on two cores shared with the browser and the service; this scan
 * reads the same bytes once.
 *
 * It is not a JSON parser: it knows one shape (an array of flat objects of numbers) and
 * returns `null` at the first thing outside it (a string or boolean value, a key that
 * differs from a known one only by case, an escape in a key, a malformed number); the
 * caller then parses the whole body the general way, which also gives malformed JSON its
 * error. Everything outside the arrays (intervals, parkings, sensors, events) is still
 * checked and parsed by JSON.parse, as `rest`, with each array replaced by its index.
 * Numbers are exact: up to 15 significant digits without an exponent, the value is
 * mantissa / 10^fraction digits, both exact doubles, so the division is the correctly
 * rounded value JSON.parse gives; any other number is read by Number() from its text.
 */

import type { TrackColumns } from '../../../common/track';
import { GrowingColumns } from '../cache/growing-columns';
import { emptyTrackColumns } from '../cache/track';

export type ScannedColumns = TrackColumns;

/** Columns for at least `n` points (fresh ones by default; the writer's worker lends its own, pool.ts). */
export type ColumnsFor = (n: number) => TrackColumns;

export interface ScannedPositions {
  /**
   * The body's text with each Positions array replaced by the string `marker` + its index
   * in `spans`: a string, like an array, is a whole value whatever follows it, so the rest
   * is valid JSON exactly when the body was (a number could run on into a stray digit).
   */
  rest: string;
  marker: string;
  /** Per array, in body order: its points' range in `columns` and the points skipped. */
  spans: { start: number; end: number; skipped: number }[];
  columns: ScannedColumns;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;

/** JSON's four whitespace bytes. */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

const POSITIONS = [...'Positions'].map((c) => c.charCodeAt(0));

/** The fields a point can carry, by index into the scan's slots. */
const FIELDS = ['Time', 'Lat', 'Lng', 'Speed', 'heading', 'Alt', 'Sat'] as const;
const F_TIME = 0;
const F_LAT = 1;
const F_LNG = 2;
const F_SPEED = 3;
const F_HEADING = 4;
const F_ALT = 5;
const F_SAT = 6;
const FIELD_BYTES = FIELDS.map((f) => [...f].map((c) => c.charCodeAt(0)));
const FIELD_LOWER = FIELDS.map((f) => f.toLowerCase());
/** The field a key may be, by its length and first two bytes (the only candidate: checked in full after). */
const FIELD_BY_START = new Int8Array(8 << 14).fill(-1);
FIELD_BYTES.forEach((fb, f) => (FIELD_BY_START[(fb.length << 14) | (fb[0]! << 7) | fb[1]!] = f));

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** What may follow a backslash in a JSON string, besides u and four hex digits. */
const ESCAPES = new Set([...'"\\/bfnrt'].map((c) => c.charCodeAt(0)));
const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

const latin1 = new TextDecoder('latin1');

/** Thrown inside the scan to leave it; never escapes this module. */
class OffShape extends Error {}
const OFF = new OffShape();

class Scan {
  i = 0;
  readonly cols: GrowingColumns<ScannedColumns>;
  /** The point being read: NaN where its object has no such field. */
  readonly slot = new Float64Array(FIELDS.length);

  constructor(
    readonly b: Uint8Array,
    alloc: ColumnsFor,
  ) {
    // About 100 bytes a point in the service's bodies, so the first size nearly always holds.
    const first = Math.max(64, Math.ceil(b.length / 80));
    this.cols = new GrowingColumns(emptyTrackColumns(0), (n) => alloc(Math.max(n, first)));
  }

  space(): number {
    const b = this.b;
    let i = this.i;
    while (i < b.length && isSpace(b[i]!)) i++;
    this.i = i;
    return i < b.length ? b[i]! : -1;
  }

  /** The end of the string whose opening quote is at `i` (the index after its closing quote). */
  stringEnd(i: number): number {
    const b = this.b;
    for (let j = i + 1; j < b.length; j++) {
      const c = b[j]!;
      if (c === QUOTE) return j + 1;
      if (c === BACKSLASH) j++;
    }
    throw OFF;
  }

  /** The same, for a string inside an array this scan consumes: checked as JSON.parse would. */
  checkedStringEnd(i: number): number {
    const b = this.b;
    for (let j = i + 1; j < b.length; j++) {
      const c = b[j]!;
      if (c === QUOTE) return j + 1;
      if (c < 0x20) throw OFF;
      if (c === BACKSLASH) {
        const e = b[++j];
        if (e === 0x75) {
          for (let k = 1; k <= 4; k++) if (!isHex(b[j + k])) throw OFF;
          j += 4;
        } else if (e === undefined || !ESCAPES.has(e)) throw OFF;
      }
    }
    throw OFF;
  }

  text(start: number, end: number): string {
    return latin1.decode(this.b.subarray(start, end));
  }

  /** A JSON number starting at `this.i`, checked to the grammar. */
  number(): number {
    const b = this.b;
    const start = this.i;
    let i = start;
    const neg = b[i] === MINUS;
    if (neg) i++;
    let c = b[i]!;
    if (!(c >= ZERO && c <= NINE)) throw OFF;
    let m = 0;
    let digits = 0;
    if (c === ZERO) {
      i++;
      c = b[i]!;
      if (c >= ZERO && c <= NINE) throw OFF; // a leading zero: not JSON
    } else {
      while (c >= ZERO && c <= NINE) {
        m = m * 10 + (c - ZERO);
        digits++;
        c = b[++i]!;
      }
    }
    let frac = 0;
    if (c === DOT) {
      c = b[++i]!;
      if (!(c >= ZERO && c <= NINE)) throw OFF;
      while (c >= ZERO && c <= NINE) {
        m = m * 10 + (c - ZERO);
        frac++;
        if (m !== 0) digits++;
        c = b[++i]!;
      }
    }
    this.i = i;
    if (c === 0x65 || c === 0x45) {
      // An exponent: rare from a tracker; read exactly from its text.
      i++;
      c = b[i]!;
      if (c === 0x2b || c === MINUS) c = b[++i]!;
      if (!(c >= ZERO && c <= NINE)) throw OFF;
      while (c >= ZERO && c <= NINE) c = b[++i]!;
      this.i = i;
      return Number(this.text(start, i));
    }
    if (digits > 15 || frac > 22) return Number(this.text(start, i));
    const v = frac === 0 ? m : m / POW10[frac]!;
    return neg ? -v : v;
  }

  /** Which field the key at `i` (its opening quote) names; -1 for one the console does not read. */
  key(): number {
    const b = this.b;
    const s = this.i + 1;
    let e = s;
    while (e < b.length && b[e] !== QUOTE) {
      if (b[e] === BACKSLASH) throw OFF;
      e++;
    }
    if (e >= b.length) throw OFF;
    this.i = e + 1;
    const len = e - s;
    if (len >= 3 && len <= 7) {
      const f = FIELD_BY_START[(len << 14) | ((b[s]! & 0x7f) << 7) | (b[s + 1]! & 0x7f)]!;
      if (f >= 0) {
        const fb = FIELD_BYTES[f]!;
        let k = 0;
        while (k < len && b[s + k] === fb[k]) k++;
        if (k === len) return f;
      }
    }
    // The general path reads keys whatever their case; this one only as the service spells them.
    if (len <= 7 && FIELD_LOWER.includes(this.text(s, e).toLowerCase())) throw OFF;
    return -1;
  }

  /**
   * Steps over the value of a key the console does not read: a string, number or literal.
   * An object or array there is left to the general path, which checks it as JSON.
   */
  skipValue(): void {
    const c = this.space();
    if (c === QUOTE) this.i = this.checkedStringEnd(this.i);
    else if (c === MINUS || (c >= ZERO && c <= NINE)) this.number();
    else this.literal();
  }

  /** true, false or null at `this.i`, stepped over; which one it was. */
  literal(): 'null' | 'true' | 'false' {
    const b = this.b;
    const i = this.i;
    const word = b[i] === 0x6e ? 'null' : b[i] === 0x74 ? 'true' : b[i] === 0x66 ? 'false' : null;
    if (word === null) throw OFF;
    for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) throw OFF;
    this.i = i + word.length;
    return word;
  }

  /** One point object at `this.i` (its `{`); returns whether it had a time and a position. */
  point(): boolean {
    const slot = this.slot;
    slot.fill(NaN);
    this.i++;
    let c = this.space();
    if (c !== CLOSE_OBJECT) {
      for (;;) {
        if (c !== QUOTE) throw OFF;
        const f = this.key();
        if (this.space() !== COLON) throw OFF;
        this.i++;
        if (f < 0) this.skipValue();
        else {
          c = this.space();
          if (c === MINUS || (c >= ZERO && c <= NINE)) slot[f] = this.number();
          // null reads as missing, as the general path reads it; a boolean is left to that path.
          else if (this.literal() === 'null') slot[f] = NaN;
          else throw OFF;
        }
        c = this.space();
        if (c === COMMA) {
          this.i++;
          c = this.space();
          continue;
        }
        if (c === CLOSE_OBJECT) break;
        throw OFF;
      }
    }
    this.i++;
    const t = slot[F_TIME]!;
    const la = slot[F_LAT]!;
    const ln = slot[F_LNG]!;
    if (!Number.isFinite(t) || !Number.isFinite(la) || !Number.isFinite(ln)) return false;
    const cols = this.cols.reserve(1);
    const k = this.cols.n++;
    cols.time[k] = t;
    cols.lat[k] = la;
    cols.lng[k] = ln;
    cols.speed[k] = slot[F_SPEED]!;
    cols.heading[k] = slot[F_HEADING]!;
    cols.alt[k] = slot[F_ALT]!;
    const s = slot[F_SAT]!;
    cols.sat[k] = s > 255 ? 255 : s > 0 ? s : 0;
    return true;
  }

  /** The array at `this.i` (its `[`); returns the points it skipped. */
  positions(): number {
    this.i++;
    let skipped = 0;
    let c = this.space();
    if (c === CLOSE_ARRAY) {
      this.i++;
      return 0;
    }
    for (;;) {
      if (c !== OPEN_OBJECT) throw OFF;
      if (!this.point()) skipped++;
      c = this.space();
      if (c === COMMA) {
        this.i++;
        c = this.space();
        continue;
      }
      if (c === CLOSE_ARRAY) {
        this.i++;
        return skipped;
      }
      throw OFF;
    }
  }

  /** At a string that spells Positions, is it a key whose value is an array? */
  isPositionsKey(start: number, end: number): boolean {
    const b = this.b;
    if (end - start !== POSITIONS.length + 2) return false;
    for (let k = 0; k < POSITIONS.length; k++) if (b[start + 1 + k] !== POSITIONS[k]) return false;
    this.i = end;
    if (this.space() !== COLON) return false;
    this.i++;
    if (this.space() !== OPEN_ARRAY) throw OFF; // a Positions that is not an array: the general path decides
    return true;
  }
}

/**
 * Reads every Positions array of `bytes` into columns; null when the body is not of the
 * shape this scan knows (parse it the general way then).
 */
export function scanPositions(bytes: Uint8Array, alloc: ColumnsFor = emptyTrackColumns): ScannedPositions | null {
  const s = new Scan(bytes, alloc);
  // Each decode() is a stream of its own and drops a leading byte-order mark: only the
  // body's start may (as the general path's decode does), not a part after an array.
  const first = new TextDecoder();
  const later = new TextDecoder('utf-8', { ignoreBOM: true });
  const decode = (a: number, b?: number) => (a === 0 ? first : later).decode(bytes.subarray(a, b));
  // Unguessable, so no string the service sends can pass for one of these.
  const tag = Math.random().toString(36).slice(2);
  const parts: string[] = [];
  const spans: ScannedPositions['spans'] = [];
  let copied = 0;
  try {
    let i = 0;
    while (i < bytes.length) {
      if (bytes[i] !== QUOTE) {
        i++;
        continue;
      }
      const end = s.stringEnd(i);
      if (!s.isPositionsKey(i, end)) {
        i = end;
        continue;
      }
      const from = s.i;
      const start = s.cols.n;
      const skipped = s.positions();
      parts.push(decode(copied, from), `"\\u0000${tag}:${spans.length}"`);
      spans.push({ start, end: s.cols.n, skipped });
      copied = s.i;
      i = s.i;
    }
  } catch (e) {
    if (e === OFF) return null;
    throw e;
  }
  parts.push(decode(copied));
  return { rest: parts.join(''), marker: `\u0000${tag}:`, spans, columns: s.cols.result() };
}
