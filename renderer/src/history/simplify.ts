/**
 * Per-zoom decimation: at zoom z a world pixel is 1/(256·2^z) of the Mercator square, so
 * a point closer than `minPx` pixels to the last kept one cannot change the picture and
 * is dropped. One O(n) pass per zoom, computed on first use and kept: a million-point
 * track becomes a few thousand segments at city zoom and stays whole only when zoomed
 * in far enough for every point to matter (and then only the view is drawn).
 */
import type { TrackModel } from './model';

export const MAX_ZOOM = 20;

/** Speed buckets change the stroke colour; keeping the point where one changes keeps colours honest. */
export function decimate(m: TrackModel, zoom: number, bucketOf: (i: number) => number, minPx = 1.5): Uint32Array {
  const n = m.n;
  const out = new Uint32Array(n);
  if (n === 0) return out.subarray(0, 0);
  const scale = 256 * Math.pow(2, zoom);
  const min2 = (minPx / scale) ** 2;
  const colour2 = (0.5 / scale) ** 2;
  let k = 0;
  out[k++] = 0;
  let lx = m.mx[0]!;
  let ly = m.my[0]!;
  let lb = bucketOf(0);
  for (let i = 1; i < n; i++) {
    const dx = m.mx[i]! - lx;
    const dy = m.my[i]! - ly;
    const b = bucketOf(i);
    const d2 = dx * dx + dy * dy;
    // A colour change is kept where it can show (half a pixel on): kept below that, a month
    // of speed flickering around a bucket's edge left thousands of points on one pixel at
    // country zoom, all stroked over each other.
    const must = i === n - 1 || m.breakBefore[i] === 1 || (i + 1 < n && m.breakBefore[i + 1] === 1) || (b !== lb && d2 >= colour2);
    if (must || d2 >= min2) {
      out[k++] = i;
      lx = m.mx[i]!;
      ly = m.my[i]!;
      lb = b;
    }
  }
  return out.slice(0, k);
}

/** Below this many kept points a level is cheap to draw whole: repeats are not looked for. */
export const REPEATS_FROM = 20_000;

/**
 * Segments of a decimated level that retrace one already kept, to within `gridPx` pixels
 * at that zoom: flag k set means "the segment from idx[k-1] to idx[k] repeats an earlier
 * one" (either direction). A bus that drives one route for a month draws it once instead
 * of a thousand times over itself, which is what the canvas spends its time on (stroking
 * overlapping lines with round joins); the picture is the same but for the colour of the
 * repeated stretch, which is its first pass's.
 */
export function repeatedSegments(m: TrackModel, idx: Uint32Array, zoom: number, gridPx = 2): Uint8Array {
  const rep = new Uint8Array(idx.length);
  if (idx.length < REPEATS_FROM) return rep;
  const cell = (256 * Math.pow(2, zoom)) / gridPx;
  const seen = new Set<number>();
  let ax = Math.round(m.mx[idx[0]!]! * cell);
  let ay = Math.round(m.my[idx[0]!]! * cell);
  for (let k = 1; k < idx.length; k++) {
    const i = idx[k]!;
    const bx = Math.round(m.mx[i]! * cell);
    const by = Math.round(m.my[i]! * cell);
    if (!m.breakBefore[i]) {
      // Undirected: the same road driven back is the same segment.
      const first = ax < bx || (ax === bx && ay <= by);
      const key = segmentKey(first ? ax : bx, first ? ay : by, first ? bx : ax, first ? by : ay);
      if (seen.has(key)) rep[k] = 1;
      else seen.add(key);
    }
    ax = bx;
    ay = by;
  }
  return rep;
}

/**
 * 53 bits of two independent 32-bit mixes of the four cell coordinates (each under 2^29 at
 * zoom 20). A collision would hide one short segment; at a few million segments its odds
 * are about one in ten thousand per zoom level, against exact keys that would cost strings.
 */
function segmentKey(a: number, b: number, c: number, d: number): number {
  const h1 = mix1(mix1(mix1(mix1(0x811c9dc5, a), b), c), d);
  const h2 = mix2(mix2(mix2(mix2(0x27d4eb2f, a), b), c), d);
  return (h1 >>> 0) * 0x200000 + (h2 >>> 11);
}
function mix1(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x01000193);
  return h ^ (h >>> 15);
}
function mix2(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** Decimations by integer zoom, built lazily, with their repeated segments. */
export class ZoomLevels {
  private readonly levels = new Map<number, Uint32Array>();
  private readonly repeats = new Map<number, Uint8Array>();
  constructor(
    private readonly m: TrackModel,
    private readonly bucketOf: (i: number) => number,
  ) {}

  at(zoom: number): Uint32Array {
    const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
    let l = this.levels.get(z);
    if (!l) this.levels.set(z, (l = decimate(this.m, z, this.bucketOf)));
    return l;
  }

  /** `repeatedSegments` of the level `at(zoom)`. */
  repeatedAt(zoom: number): Uint8Array {
    const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
    let r = this.repeats.get(z);
    if (!r) this.repeats.set(z, (r = repeatedSegments(this.m, this.at(z), z)));
    return r;
  }
}
