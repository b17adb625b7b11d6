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
import type { HistoryParking } from '../../../common/methods/history';
import type { MovementInterval, TrackPoint } from '../../../common/resources';
import type { TrackColumns } from '../../../common/track';
import type { WireTrack } from '../../../common/track-wire';
import { lowerBound } from '../../../common/lower-bound';
import type { Db } from './db';
import type { GrowingColumns } from './growing-columns';
import { CacheUnsupportedPlatformError } from './errors';

/** A track as columns (common/track.ts: the contract sends the same shape to the renderer). */
export type { TrackColumns };

export const HOUR_MS = 3_600_000;
const FORMAT = 1;
const BYTES_PER_POINT = 25;
const E7 = 1e7;
export const OVERVIEW_METRES = 100;
const M_PER_E7_DEG = 111_320 / E7;

if (endianness() !== 'LE') {
  throw new CacheUnsupportedPlatformError('The track cache stores little-endian blobs; this platform is big-endian.');
}

export function emptyTrackColumns(n = 0): TrackColumns {
  return {
    time: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    alt: new Float32Array(n),
    sat: new Uint8Array(n),
  };
}

/** The points at `idx` of a track, in that order. */
export function pickTrackColumns(c: TrackColumns, idx: ArrayLike<number>): TrackColumns {
  const out = emptyTrackColumns(idx.length);
  for (const k of Object.keys(out) as (keyof TrackColumns)[]) {
    const from = c[k];
    const to = out[k];
    for (let j = 0; j < idx.length; j++) to[j] = from[idx[j]!]!;
  }
  return out;
}

/** Columns from the service's point objects (e.g. the Positions of movement intervals). */
export function trackColumnsFromPoints(points: readonly TrackPoint[]): TrackColumns {
  const c = emptyTrackColumns(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    c.time[i] = p.Time;
    c.lat[i] = p.Lat;
    c.lng[i] = p.Lng;
    c.speed[i] = p.Speed ?? NaN;
    c.heading[i] = p.heading ?? NaN;
    c.alt[i] = p.Alt ?? NaN;
    c.sat[i] = p.Sat ?? 0;
  }
  return c;
}

/** All points of the movement intervals of a history response, as columns. */
export function trackColumnsFromIntervals(intervals: readonly MovementInterval[]): TrackColumns {
  return trackColumnsFromPoints(intervals.flatMap((iv) => iv.Positions));
}

/** Views over one chunk's packed representation. */
interface Chunk {
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

function chunkViews(bytes: Uint8Array, n: number): Chunk {
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

function newChunk(n: number): Chunk {
  return chunkViews(new Uint8Array(n * BYTES_PER_POINT), n);
}

/** The coarse copy of a chunk (see the file comment), as chunk bytes. */
function overviewOf(c: Chunk): Uint8Array {
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
function copyPoint(out: Chunk, k: number, src: Chunk, i: number): void {
  out.t[k] = src.t[i]!;
  out.lat[k] = src.lat[i]!;
  out.lng[k] = src.lng[i]!;
  out.speed[k] = src.speed[i]!;
  out.heading[k] = src.heading[i]!;
  out.alt[k] = src.alt[i]!;
  out.sat[k] = src.sat[i]!;
}

function checkColumns(c: TrackColumns): number {
  const n = c.time.length;
  for (const [k, v] of Object.entries(c) as [string, ArrayLike<number>][])
    if (v.length !== n) throw new Error(`writeTrack: column ${k} has ${v.length} values, time has ${n}`);
  return n;
}

/**
 * Indices of the points to store, in ascending time order with one index per time (the
 * last one given wins). Non-finite times are dropped.
 */
function orderedUnique(time: Float64Array): Int32Array {
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

const clampSat = (s: number) => (s > 255 ? 255 : s > 0 ? s : 0);

export class TrackRepo {
  private readonly selectChunk;
  private readonly upsertChunk;
  private readonly selectRange;
  private readonly upsertParking;
  private readonly selectParkings;
  private readonly selectOverviews;
  private readonly upsertOverview;
  private readonly stampOverviews;

  constructor(private readonly db: Db) {
    this.selectChunk = db.prepare('SELECT n, format, data FROM track_chunks WHERE object_id = ? AND hour = ?');
    this.upsertChunk = db.prepare(
      'INSERT OR REPLACE INTO track_chunks (object_id, hour, n, format, data) VALUES (?, ?, ?, ?, ?)',
    );
    // A table of their own, not a column after `data` (migration 005).
    this.upsertOverview = db.prepare('INSERT OR REPLACE INTO track_overviews (object_id, hour, format, data) VALUES (?, ?, ?, ?)');
    this.selectOverviews = db.prepare('SELECT hour, format, data FROM track_overviews WHERE object_id = ? AND hour BETWEEN ? AND ? ORDER BY hour');
    // A rewritten row gets a new rowid (INSERT OR REPLACE deletes the old one); a length
    // needs no blob read: the record header has it.
    this.stampOverviews = db.prepare(
      'SELECT count(*) AS n, total(rowid) AS s, max(rowid) AS m, total(length(data)) AS b FROM track_overviews WHERE object_id = ? AND hour BETWEEN ? AND ?',
    );
    this.selectRange = db.prepare(
      'SELECT hour, n, format, data FROM track_chunks WHERE object_id = ? AND hour BETWEEN ? AND ? ORDER BY hour',
    );
    this.upsertParking = db.prepare(
      'INSERT OR REPLACE INTO parkings (object_id, from_ms, till_ms, lat, lng, alt) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.selectParkings = db.prepare(
      'SELECT from_ms, till_ms, lat, lng, alt FROM parkings WHERE object_id = ? AND from_ms < ? AND till_ms > ? ORDER BY from_ms',
    );
  }

  /**
   * Stores points of one object, merging with what is stored: per hour, the union sorted
   * by time, one point per integer ms (a new point replaces a stored one with the same
   * time; within the input, the last one wins). One transaction. Returns the number of
   * points given that were stored.
   */
  writeTrack(objectId: number, columns: TrackColumns): number {
    checkColumns(columns);
    const order = orderedUnique(columns.time);
    const run = this.db.transaction(() => {
      let a = 0;
      while (a < order.length) {
        const hour = Math.floor(Math.round(columns.time[order[a]!]!) / HOUR_MS);
        let b = a + 1;
        const hourEnd = (hour + 1) * HOUR_MS;
        while (b < order.length && Math.round(columns.time[order[b]!]!) < hourEnd) b++;
        this.writeHour(objectId, hour, columns, order.subarray(a, b));
        a = b;
      }
    });
    run.immediate();
    return order.length;
  }

  private writeHour(objectId: number, hour: number, c: TrackColumns, idx: Int32Array): void {
    const base = hour * HOUR_MS;
    const fresh = newChunk(idx.length);
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]!;
      fresh.t[k] = Math.round(c.time[i]!) - base;
      fresh.lat[k] = Math.round(c.lat[i]! * E7);
      fresh.lng[k] = Math.round(c.lng[i]! * E7);
      fresh.speed[k] = c.speed[i]!;
      fresh.heading[k] = c.heading[i]!;
      fresh.alt[k] = c.alt[i]!;
      fresh.sat[k] = clampSat(c.sat[i]!);
    }
    const row = this.selectChunk.get(objectId, hour) as { n: number; format: number; data: Buffer } | undefined;
    let out = fresh;
    if (row) {
      if (row.format !== FORMAT) throw new Error(`Unknown track chunk format ${row.format}`);
      out = mergeChunks(chunkViews(row.data, row.n), fresh);
    }
    this.upsertChunk.run(objectId, hour, out.n, FORMAT, out.bytes);
    this.upsertOverview.run(objectId, hour, FORMAT, overviewOf(out));
  }

  /** Points of one object with from <= time < till, ascending. */
  readTrack(objectId: number, from: number, till: number): TrackColumns {
    if (!(till > from)) return emptyTrackColumns(0);
    return assemble(this.chunksOf(objectId, from, till), from, till);
  }

  /**
   * The same points as readTrack, appended to `out` in the renderer's wire form. The chunks
   * already hold coordinates as integers of 1e-7 degree, so they are copied as they are:
   * reading into doubles and packing them back cost a month's read two more arrays of its
   * size, and on this machine first writing to fresh memory costs about 3 ns a byte (page
   * faults), ten times the copy itself.
   */
  readTrackInto(objectId: number, from: number, till: number, out: GrowingColumns<WireTrack>): void {
    if (!(till > from)) return;
    const { parts, total } = slices(this.chunksOf(objectId, from, till), from, till);
    const o = out.reserve(total);
    let p = out.n;
    for (const part of parts) {
      const { c, base, s, e } = part;
      const m = e - s;
      const { time } = o;
      const { t } = c;
      for (let k = 0; k < m; k++) time[p + k] = base + t[s + k]!;
      o.latE7.set(c.lat.subarray(s, e), p);
      o.lngE7.set(c.lng.subarray(s, e), p);
      copyMeasures(o, p, part);
      p += m;
    }
    out.n = p;
  }

  private chunksOf(objectId: number, from: number, till: number): { hour: number; c: Chunk }[] {
    const rows = this.selectRange.all(objectId, ...hourSpan(from, till)) as { hour: number; n: number; format: number; data: Buffer }[];
    return rows.map((r) => {
      if (r.format !== FORMAT) throw new Error(`Unknown track chunk format ${r.format}`);
      return { hour: r.hour, c: chunkViews(r.data, r.n) };
    });
  }

  /**
   * A cheap stamp of the coarse copies under [from, till): it changes when any of those
   * hours is written again, added or deleted. What a sketch remembered for the interval
   * is checked against (history/sketch-memo.ts), without reading the copies themselves.
   */
  overviewStamp(objectId: number, from: number, till: number): string {
    if (!(till > from)) return '0';
    const r = this.stampOverviews.get(objectId, ...hourSpan(from, till)) as { n: number; s: number; m: number | null; b: number };
    return `${r.n}:${r.s}:${r.m ?? 0}:${r.b}`;
  }

  /**
   * The coarse copy of the track with from <= time < till (see the file comment): hours
   * stored before migration 004 have none and are left out.
   */
  readOverview(objectId: number, from: number, till: number): TrackColumns {
    if (!(till > from)) return emptyTrackColumns(0);
    const rows = this.selectOverviews.all(objectId, ...hourSpan(from, till)) as { hour: number; format: number; data: Buffer }[];
    return assemble(
      rows.map((r) => {
        if (r.format !== FORMAT) throw new Error(`Unknown track chunk format ${r.format}`);
        return { hour: r.hour, c: chunkViews(r.data, r.data.byteLength / BYTES_PER_POINT) };
      }),
      from,
      till,
    );
  }

  /** Deletes the stored track hours of one object overlapping [from, till) (whole hours). */
  deleteTrack(objectId: number, from = -Infinity, till = Infinity): void {
    const h0 = Number.isFinite(from) ? Math.floor(from / HOUR_MS) : Number.MIN_SAFE_INTEGER;
    const h1 = Number.isFinite(till) ? Math.floor((till - 1) / HOUR_MS) : Number.MAX_SAFE_INTEGER;
    this.db.prepare('DELETE FROM track_chunks WHERE object_id = ? AND hour BETWEEN ? AND ?').run(objectId, h0, h1);
    this.db.prepare('DELETE FROM track_overviews WHERE object_id = ? AND hour BETWEEN ? AND ?').run(objectId, h0, h1);
    this.db
      .prepare('DELETE FROM parkings WHERE object_id = ? AND from_ms < ? AND till_ms > ?')
      .run(objectId, Number.isFinite(till) ? till : Number.MAX_SAFE_INTEGER, Number.isFinite(from) ? from : Number.MIN_SAFE_INTEGER);
  }

  /** Stores parkings of one object (keyed by start time: a parking with the same start is replaced). */
  writeParkings(objectId: number, parkings: readonly HistoryParking[]): void {
    const run = this.db.transaction(() => {
      for (const p of parkings)
        this.upsertParking.run(objectId, Math.round(p.from), Math.round(p.till), p.lat, p.lng, p.alt ?? null);
    });
    run.immediate();
  }

  /** Parkings of one object overlapping [from, till), by start time. */
  readParkings(objectId: number, from: number, till: number): HistoryParking[] {
    const rows = this.selectParkings.all(objectId, till, from) as {
      from_ms: number;
      till_ms: number;
      lat: number;
      lng: number;
      alt: number | null;
    }[];
    return rows.map((r) => {
      const p: HistoryParking = { from: r.from_ms, till: r.till_ms, lat: r.lat, lng: r.lng };
      if (r.alt !== null) p.alt = r.alt;
      return p;
    });
  }
}

/** Union of two sorted, unique chunks; on equal times `b` wins. */
function mergeChunks(a: Chunk, b: Chunk): Chunk {
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

function hourSpan(from: number, till: number): [number, number] {
  return [Math.floor(from / HOUR_MS), Math.floor((till - 1) / HOUR_MS)];
}

interface Slice {
  c: Chunk;
  base: number;
  s: number;
  e: number;
}

/** The part of each stored hour with from <= time < till, and their total. */
function slices(hours: readonly { hour: number; c: Chunk }[], from: number, till: number): { parts: Slice[]; total: number } {
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
export function emptyWireTrack(n: number): WireTrack {
  return {
    time: new Float64Array(n),
    latE7: new Int32Array(n),
    lngE7: new Int32Array(n),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    alt: new Float32Array(n),
    sat: new Uint8Array(n),
  };
}

/** The points of stored hours with from <= time < till, as one set of columns. */
function assemble(hours: readonly { hour: number; c: Chunk }[], from: number, till: number): TrackColumns {
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
function copyMeasures(out: Pick<TrackColumns, 'speed' | 'heading' | 'alt' | 'sat'>, p: number, { c, s, e }: Slice): void {
  out.speed.set(c.speed.subarray(s, e), p);
  out.heading.set(c.heading.subarray(s, e), p);
  out.alt.set(c.alt.subarray(s, e), p);
  out.sat.set(c.sat.subarray(s, e), p);
}
