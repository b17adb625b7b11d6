/**
 * Per-zoom decimation: at zoom z a world pixel is 1/(256·2^z) of the Mercator square, so
 * a point closer than `minPx` pixels to the last kept one cannot change the picture and
 * is dropped. One O(n) pass per zoom, computed on first use and kept: a million-point
 * track becomes a few thousand segments at city zoom and stays whole only when zoomed
 * in far enough for every point to matter (and then only the view is drawn).
 */
import { RepeatFilter } from '../../../common/repeat-filter';
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

/**
 * Segments that retrace one already drawn (common/repeat-filter.ts): a bus that drives one
 * route for a month draws it once instead of a thousand times over itself, which is what
 * the canvas spends its time on; the picture is the same but for the colour of the
 * repeated stretch, which is its first pass's. The track layer asks only for segments in
 * view, per draw, so the cost follows what is on screen, not the level. Below this many
 * kept points a level is cheap to draw whole: repeats are not looked for.
 */
export const REPEATS_FROM = 20_000;

/**
 * `RepeatFilter` over a whole decimated level, in world pixels at its zoom: flag k set
 * means "the segment from idx[k-1] to idx[k] repeats an earlier one". Levels under
 * REPEATS_FROM are left alone. (What the track layer does per view, for a whole level.)
 */
export function repeatedSegments(m: TrackModel, idx: Uint32Array, zoom: number, gridPx = 2): Uint8Array {
  const rep = new Uint8Array(idx.length);
  if (idx.length < REPEATS_FROM) return rep;
  const world = 256 * Math.pow(2, zoom);
  const filter = new RepeatFilter(gridPx);
  let ax = m.mx[idx[0]!]! * world;
  let ay = m.my[idx[0]!]! * world;
  for (let k = 1; k < idx.length; k++) {
    const i = idx[k]!;
    const bx = m.mx[i]! * world;
    const by = m.my[i]! * world;
    if (!m.breakBefore[i] && filter.repeats(ax, ay, bx, by)) rep[k] = 1;
    ax = bx;
    ay = by;
  }
  return rep;
}

/** Segments per block of a level whose bounding box lets a draw skip it whole (`levelBlocks`). */
export const BLOCK = 256;

/**
 * Bounding boxes (Mercator units: minX, minY, maxX, maxY) of a level's blocks: block b
 * holds the segments ending at idx[k] for k in [max(1, b·BLOCK), (b+1)·BLOCK), so its box
 * spans idx[b·BLOCK − 1] … idx[(b+1)·BLOCK − 1]. A draw skips the blocks outside the view
 * in four comparisons each: at street zoom the view holds a few thousand of a month's
 * million segments, and walking them all cost tens of ms per redraw.
 */
export function levelBlocks(m: TrackModel, idx: Uint32Array): Float64Array {
  const n = Math.ceil(idx.length / BLOCK);
  const out = new Float64Array(4 * n);
  for (let b = 0; b < n; b++) {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    const end = Math.min(idx.length, (b + 1) * BLOCK);
    for (let k = Math.max(0, b * BLOCK - 1); k < end; k++) {
      const i = idx[k]!;
      const x = m.mx[i]!;
      const y = m.my[i]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    out[4 * b] = x0;
    out[4 * b + 1] = y0;
    out[4 * b + 2] = x1;
    out[4 * b + 3] = y1;
  }
  return out;
}

/** Decimations by integer zoom, built lazily, with their blocks' bounding boxes. */
export class ZoomLevels {
  private readonly levels = new Map<number, Uint32Array>();
  private readonly blocks = new Map<number, Float64Array>();
  constructor(
    private readonly m: TrackModel,
    private readonly bucketOf: (i: number) => number,
  ) {}

  at(zoom: number): Uint32Array {
    const z = clampZoom(zoom);
    let l = this.levels.get(z);
    if (!l) this.levels.set(z, (l = decimate(this.m, z, this.bucketOf)));
    return l;
  }

  /** `levelBlocks` of the level `at(zoom)`. */
  blocksAt(zoom: number): Float64Array {
    const z = clampZoom(zoom);
    let b = this.blocks.get(z);
    if (!b) this.blocks.set(z, (b = levelBlocks(this.m, this.at(z))));
    return b;
  }
}

const clampZoom = (zoom: number) => Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
