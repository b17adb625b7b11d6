/**
 * Track storage: points packed as columnar little-endian blobs, one row per (object, hour).
 *
 * Format 1 of `track_chunks.data`, for n points sorted by time with unique times:
 *
 *   offset   0   Int32   × n  time: ms since the start of the hour (0 … 3,599,999)
 *   offset  4n   Int32   × n  lat:  degrees × 1e7 (≈ 1 cm), rounded
 *   offset  8n   Int32   × n  lng:  degrees × 1e7
 *   offset 12n   Float32 × n  speed    (NaN: unknown)
 *   offset 16n   Float32 × n  heading  (NaN: unknown)
 *   offset 20n   Float32 × n  alt      (NaN: unknown)
 *   offset 24n   Uint8   × n  sat      (0: unknown; clamped to 0 … 255)
 *
 * 25 bytes a point. Every section starts at a multiple of 4, so a blob read at an aligned
 * offset is viewed in place with typed arrays (no per-point parsing); times are integer ms.
 * Decoding lat/lng divides by 1e7, which gives back exactly the double nearest to a
 * coordinate with up to 7 decimals.
 *
 * `track_overviews.data` holds the same format for a coarse copy of the hour: its first
 * and last points and one each time the vehicle has moved OVERVIEW_METRES from the last
 * kept (about a pixel at zoom 11). A month at 1 Hz becomes a few MB, which the host
 * sketches for the History screen's first draw (history/sketch.ts) while the full track,
 * some twenty times larger, is read and sent.
 */
import { endianness } from 'node:os';
import type { TrackColumns } from '../../../common/track';
import { lowerBound } from '../../../common/lower-bound';
import { CacheUnsupportedPlatformError } from './errors';
import { emptyTrackColumns } from './track-columns';

export const HOUR_MS = 3_600_000;
export const FORMAT = 1;
export const BYTES_PER_POINT = 25;
export const E7 = 1e7;
export const OVERVIEW_METRES = 100;
export const M_PER_E7_DEG = 111_320 / E7;

if (endianness() !== 'LE') {
  throw new CacheUnsupportedPlatformError('The track cache stores little-endian blobs; this platform is big-endian.');
}

export interface Chunk {
  n: number;
  bytes: Uint8Array;
  t: Int32Array;
  lat: Int32Array;
  lng: Int32Array;
  speed: Float32Array;
  heading: Float32Array;
  alt: Float32Array;
  sat: Uint8Array;
}

export function chunkViews(bytes: Uint8Array, n: number): Chunk {
  if (bytes.byteLength < n * BYTES_PER_POINT) throw new Error(`Corrupt track chunk: ${bytes.byteLength} bytes for ${n} points`);
  if (bytes.byteOffset % 4 !== 0) bytes = new Uint8Array(bytes); // aligned copy
  const b = bytes.buffer;
  const o = bytes.byteOffset;
  return {
    n,
    bytes,
    t: new Int32Array(b, o, n),
    lat: new Int32Array(b, o + 4 * n, n),
    lng: new Int32Array(b, o + 8 * n, n),
    speed: new Float32Array(b, o + 12 * n, n),
    heading: new Float32Array(b, o + 16 * n, n),
    alt: new Float32Array(b, o + 20 * n, n),
    sat: new Uint8Array(b, o + 24 * n, n),
  };
}

export function newChunk(n: number): Chunk {
  return chunkViews(new Uint8Array(n * BYTES_PER_POINT), n);
}

/** The coarse copy of a chunk (see the file comment), as chunk bytes. */
export function overviewOf(c: Chunk): Uint8Array {
  const keep: number[] = [];
  const min2 = (OVERVIEW_METRES / M_PER_E7_DEG) ** 2;
  let k = -1;
  let cos = 1;
  for (let i = 0; i < c.n; i++) {
    if (k >= 0 && i < c.n - 1) {
      const dy = c.lat[i]! - c.lat[k]!;
      const dx = (c.lng[i]! - c.lng[k]!) * cos;
      if (dx * dx + dy * dy < min2) continue;
    }
    keep.push(i);
    k = i;
    cos = Math.cos(((c.lat[i]! / E7) * Math.PI) / 180);
  }
  const o = newChunk(keep.length);
  keep.forEach((i, j) => copyPoint(o, j, c, i));
  return o.bytes;
}

/** Point i of `src` into slot k of `out`, every column. */
export function copyPoint(out: Chunk, k: number, src: Chunk, i: number): void {
  out.t[k] = src.t[i]!;
  out.lat[k] = src.lat[i]!;
  out.lng[k] = src.lng[i]!;
  out.speed[k] = src.speed[i]!;
  out.heading[k] = src.heading[i]!;
  out.alt[k] = src.alt[i]!;
  out.sat[k] = src.sat[i]!;
}

export function checkColumns(c: TrackColumns): number {
  const n = c.time.length;
  for (const [k, v] of Object.entries(c) as [string, ArrayLike<number>][])
    if (v.length !== n) throw new Error(`writeTrack: column ${k} has ${v.length} values, time has ${n}`);
  return n;
}

/**
 * Indices of the points to store, in ascending time order with one index per time (the
 * last one given wins). Non-finite times are dropped.
 */
export function orderedUnique(time: Float64Array): Int32Array {
  const n = time.length;
  let sorted = true;
  let finite = true;
  for (let i = 0; i < n; i++) {
    const t = time[i]!;
    if (!Number.isFinite(t)) finite = false;
    else if (i > 0 && Math.round(t) < Math.round(time[i - 1]!)) sorted = false;
  }
  let order: Int32Array;
  if (sorted && finite) {
    order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
  } else {
    const idx: number[] = [];
    for (let i = 0; i < n; i++) if (Number.isFinite(time[i]!)) idx.push(i);
    idx.sort((a, b) => Math.round(time[a]!) - Math.round(time[b]!) || a - b); // stable: later input last
    order = Int32Array.from(idx);
  }
  // Keep the last of each run of equal (rounded) times.
  let w = 0;
  for (let r = 0; r < order.length; r++) {
    const i = order[r]!;
    if (r + 1 < order.length && Math.round(time[order[r + 1]!]!) === Math.round(time[i]!)) continue;
    order[w++] = i;
  }
  return order.subarray(0, w);
}

export const clampSat = (s: number) => (s > 255 ? 255 : s > 0 ? s : 0);

export function mergeChunks(a: Chunk, b: Chunk): Chunk {
  // Count the result first so the blob is allocated once at its exact size.
  let n = 0;
  for (let i = 0, j = 0; i < a.n || j < b.n; n++) {
    if (j >= b.n || (i < a.n && a.t[i]! < b.t[j]!)) i++;
    else if (i >= a.n || b.t[j]! < a.t[i]!) j++;
    else {
      i++;
      j++;
    }
  }
  const out = newChunk(n);
  const copy = (src: Chunk, i: number, k: number) => copyPoint(out, k, src, i);
  for (let i = 0, j = 0, k = 0; k < n; k++) {
    if (j >= b.n || (i < a.n && a.t[i]! < b.t[j]!)) copy(a, i++, k);
    else if (i >= a.n || b.t[j]! < a.t[i]!) copy(b, j++, k);
    else {
      copy(b, j++, k);
      i++;
    }
  }
  return out;
}

export function hourSpan(from: number, till: number): [number, number] {
  return [Math.floor(from / HOUR_MS), Math.floor((till - 1) / HOUR_MS)];
}

export interface Slice {
  c: Chunk;
  base: number;
  s: number;
  e: number;
}

/** The part of each stored hour with from <= time < till, and their total. */
export function slices(hours: readonly { hour: number; c: Chunk }[], from: number, till: number): { parts: Slice[]; total: number } {
  const parts: Slice[] = [];
  let total = 0;
  for (const { hour, c } of hours) {
    const base = hour * HOUR_MS;
    const f = Math.ceil(from - base);
    const t = Math.ceil(till - base);
    const s = from <= base ? 0 : lowerBound(c.n, (i) => c.t[i]! < f);
    const e = till >= base + HOUR_MS ? c.n : lowerBound(c.n, (i) => c.t[i]! < t);
    if (e > s) {
      parts.push({ c, base, s, e });
      total += e - s;
    }
  }
  return { parts, total };
}

/** Empty columns of the renderer's wire form (common/track-wire.ts), for `readTrackInto`. */
/** The points of stored hours with from <= time < till, as one set of columns. */
export function assemble(hours: readonly { hour: number; c: Chunk }[], from: number, till: number): TrackColumns {
  const { parts, total } = slices(hours, from, till);
  const out = emptyTrackColumns(total);
  let p = 0;
  for (const { c, base, s, e } of parts) {
    const m = e - s;
    const { time, lat, lng } = out;
    const { t, lat: la, lng: ln } = c;
    for (let k = 0; k < m; k++) {
      time[p + k] = base + t[s + k]!;
      lat[p + k] = la[s + k]! / E7;
      lng[p + k] = ln[s + k]! / E7;
    }
    copyMeasures(out, p, { c, base, s, e });
    p += m;
  }
  return out;
}

/** A slice's speed, heading, altitude and satellites into `out` from index `p` (the same in either form). */
export function copyMeasures(out: Pick<TrackColumns, 'speed' | 'heading' | 'alt' | 'sat'>, p: number, { c, s, e }: Slice): void {
  out.speed.set(c.speed.subarray(s, e), p);
  out.heading.set(c.heading.subarray(s, e), p);
  out.alt.set(c.alt.subarray(s, e), p);
  out.sat.set(c.sat.subarray(s, e), p);
}
