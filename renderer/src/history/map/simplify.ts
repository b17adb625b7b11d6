/**
 * Per-zoom decimation: at zoom z a world pixel is 1/(256·2^z) of the Mercator square, so
 * a point closer than `minPx` pixels to the last kept one cannot change the picture and
 * is dropped. One O(n) pass per zoom, computed on first use and kept: a million-point
 * track becomes a few thousand segments at city zoom and stays whole only when zoomed
 * in far enough for every point to matter (and then only the view is drawn).
 */
import { RepeatFilter } from '../../../../common/repeat-filter';
import { extendsView } from '../model/growable';
import type { TrackModel } from '../model/track-model';

export const MAX_ZOOM = 20;

/**
 * Where a decimation stood before its track's last point: the points kept until then and
 * the last kept one. The last point is always kept (it ends the line); a longer track
 * sharing every point goes on from here instead of from its start (`decimate`'s `from`).
 */
export interface DecimationState {
  /** Its first `k` are the points kept before the last one. */
  out: Uint32Array;
  k: number;
  /** The point the scan stopped at: the track's last. */
  i: number;
  lx: number;
  ly: number;
  lb: number;
}

export interface Decimation {
  idx: Uint32Array;
  state: DecimationState | null;
}

/** Speed buckets change the stroke colour; keeping the point where one changes keeps colours honest. */
export function decimate(m: TrackModel, zoom: number, bucketOf: (i: number) => number, minPx = 1.5): Uint32Array {
  return decimation(m, zoom, bucketOf, null, minPx).idx;
}

/**
 * `decimate`, going on from `from` (a decimation of the first points of this very track, at
 * the same zoom, with the same buckets): a load's update scans only its new points.
 */
export function decimation(m: TrackModel, zoom: number, bucketOf: (i: number) => number, from: DecimationState | null, minPx = 1.5): Decimation {
  const b = new DecimationBuilder(m, zoom, bucketOf, from, minPx);
  b.run(Infinity);
  return b.result();
}

/**
 * A decimation built a slice of points at a time: a level of a month is an O(n) pass over
 * millions of points (about 30 ms here), which as one idle task delayed the frame after it.
 */
export class DecimationBuilder {
  private readonly out: Uint32Array;
  private readonly min2: number;
  private readonly colour2: number;
  private k: number;
  private lx = 0;
  private ly = 0;
  private lb = 0;
  private i: number;
  private before: Omit<DecimationState, 'out'> | null = null;

  constructor(
    private readonly m: TrackModel,
    zoom: number,
    private readonly bucketOf: (i: number) => number,
    from: DecimationState | null,
    minPx = 1.5,
  ) {
    const n = m.n;
    const scale = 256 * Math.pow(2, zoom);
    this.min2 = (minPx / scale) ** 2;
    this.colour2 = (0.5 / scale) ** 2;
    if (n === 0) {
      this.out = new Uint32Array(0);
      this.k = 0;
      this.i = 0;
    } else if (from && from.i < n) {
      this.out = new Uint32Array(from.k + (n - from.i));
      this.out.set(from.out.subarray(0, from.k));
      this.k = from.k;
      this.lx = from.lx;
      this.ly = from.ly;
      this.lb = from.lb;
      this.i = from.i;
    } else {
      this.out = new Uint32Array(n);
      this.out[0] = 0;
      this.k = 1;
      this.lx = m.mx[0]!;
      this.ly = m.my[0]!;
      this.lb = bucketOf(0);
      this.i = 1;
    }
  }

  /** Scans up to `count` more points; true once the track's end is reached. */
  run(count: number): boolean {
    const { m, out, bucketOf, min2, colour2 } = this;
    const n = m.n;
    const end = Math.min(n, this.i + count);
    let { k, lx, ly, lb } = this;
    for (let i = this.i; i < end; i++) {
      if (i === n - 1) this.before = { k, i, lx, ly, lb };
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
    this.k = k;
    this.lx = lx;
    this.ly = ly;
    this.lb = lb;
    this.i = end;
    return end >= n;
  }

  /** The decimation, once `run` said it is done. */
  result(): Decimation {
    // The kept points before the last are the level's own first ones: the state holds no copy.
    // A level that kept most points is its buffer's view: copying a deep level of a month
    // (10 MB into fresh memory) was a 30–70 ms task of its own. A sparse one is copied, so
    // it does not hold a buffer sized for every point.
    const idx = this.k * 4 >= this.out.length ? this.out.subarray(0, this.k) : this.out.slice(0, this.k);
    return { idx, state: this.before && { ...this.before, out: idx } };
  }
}

/**
 * Segments that retrace one already drawn (common/repeat-filter.ts): a bus that drives one
 * route for a month draws it once instead of a thousand times over itself, which is what
 * the canvas spends its time on; the picture is the same but for the colour of the
 * repeated stretch, which is its first pass's. Below this many kept points a level is
 * cheap to draw whole: repeats are not looked for.
 */
export const REPEATS_FROM = 20_000;

/**
 * A level with its repeated segments left out: `idx` the points in order, `brk[k]` set when
 * no line joins idx[k-1] to idx[k] (a gap in the data, or a repeat left out between), and
 * `blocks` their boxes (`levelBlocks`). Decided in world pixels at the level's zoom, which
 * do not move with the view, so it holds for every draw at that zoom: a draw walks only
 * the distinct segments (a town's month at street zoom: a few hundred thousand instead of
 * 2.6 million) and hashes nothing.
 */
export interface DistinctLevel {
  idx: Uint32Array;
  brk: Uint8Array;
  blocks: Float64Array;
}

/**
 * Builds a `DistinctLevel` a slice at a time: a month's deep level is millions of
 * segments, hundreds of ms of hashing that must not fall in one frame.
 */
export class DistinctBuilder {
  private k = 1;
  private readonly filter: RepeatFilter;
  private readonly world: number;
  private out: Uint32Array;
  private brk: Uint8Array;
  private n = 0;
  private last = -1;
  private ax = 0;
  private ay = 0;

  constructor(
    private readonly m: TrackModel,
    private readonly idx: Uint32Array,
    zoom: number,
    gridPx = 2,
  ) {
    this.filter = new RepeatFilter(gridPx);
    this.world = 256 * Math.pow(2, zoom);
    this.out = new Uint32Array(Math.max(16, Math.min(idx.length, 1 << 16)));
    this.brk = new Uint8Array(this.out.length);
    if (idx.length > 0) {
      this.ax = m.mx[idx[0]!]! * this.world;
      this.ay = m.my[idx[0]!]! * this.world;
    }
  }

  /** Takes up to `count` more segments; true once the level is done. */
  run(count: number): boolean {
    const { m, idx, world, filter } = this;
    const end = Math.min(idx.length, this.k + count);
    let { ax, ay } = this;
    for (let k = this.k; k < end; k++) {
      const i = idx[k]!;
      const bx = m.mx[i]! * world;
      const by = m.my[i]! * world;
      // A segment across a gap is never drawn, nor remembered.
      if (!m.breakBefore[i] && !filter.repeats(ax, ay, bx, by)) {
        const a = idx[k - 1]!;
        if (this.last !== a) this.push(a, 1);
        this.push(i, 0);
        this.last = i;
      }
      ax = bx;
      ay = by;
    }
    this.ax = ax;
    this.ay = ay;
    this.k = end;
    return end >= idx.length;
  }

  result(): DistinctLevel {
    if (this.n === 0 && this.idx.length > 0) this.push(this.idx[0]!, 1);
    const idx = this.out.slice(0, this.n);
    return { idx, brk: this.brk.slice(0, this.n), blocks: levelBlocks(this.m, idx) };
  }

  private push(i: number, brk: number): void {
    if (this.n === this.out.length) {
      const out = new Uint32Array(this.out.length * 2);
      out.set(this.out);
      this.out = out;
      const b = new Uint8Array(out.length);
      b.set(this.brk);
      this.brk = b;
    }
    this.out[this.n] = i;
    this.brk[this.n++] = brk;
  }
}

/** The whole `DistinctLevel` of `idx` at once. */
export function distinctLevel(m: TrackModel, idx: Uint32Array, zoom: number, gridPx = 2): DistinctLevel {
  const b = new DistinctBuilder(m, idx, zoom, gridPx);
  b.run(idx.length);
  return b.result();
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
export function levelBlocks(m: TrackModel, idx: Uint32Array, reuse?: { blocks: Float64Array; upTo: number }): Float64Array {
  const n = Math.ceil(idx.length / BLOCK);
  const out = new Float64Array(4 * n);
  // Block b reads idx up to (b+1)·BLOCK − 1: the blocks reading only the first `upTo` (unchanged) are copied.
  const same = reuse ? Math.min(n, Math.floor(reuse.upTo / BLOCK), reuse.blocks.length / 4) : 0;
  if (same > 0) out.set(reuse!.blocks.subarray(0, 4 * same));
  fillBlocks(m, idx, out, same, n);
  return out;
}

/** Boxes blocks [from, to) of `idx` into `out` (`levelBlocks`). */
function fillBlocks(m: TrackModel, idx: Uint32Array, out: Float64Array, from: number, to: number): void {
  for (let b = from; b < to; b++) {
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
}

/**
 * Decimations by integer zoom, built lazily, with their blocks' bounding boxes and, once
 * built, their distinct segments. `prev`: the levels of an earlier model whose points this
 * one starts with unchanged (a load's update, growable.ts): its decimations go on from
 * where they stopped, and their blocks before the new points are kept.
 */
export class ZoomLevels {
  private readonly levels = new Map<number, Decimation>();
  private readonly blocks = new Map<number, Float64Array>();
  private readonly distinct = new Map<number, DistinctLevel>();
  private readonly building = new Map<number, DistinctBuilder>();
  private readonly decimating = new Map<number, DecimationBuilder>();
  /** Blocks being boxed while idle (`buildBlocks`): the boxes so far and the next block. */
  private readonly boxing = new Map<number, { out: Float64Array; next: number }>();
  /** Per zoom, where an earlier model's levels stopped: taken when that zoom is first asked for. */
  private readonly resume = new Map<number, { state: DecimationState | null; blocks?: Float64Array }>();
  /** Leading points of this model that `prev`'s had too, unchanged (0 when `prev` was not taken). */
  readonly shared: number = 0;
  constructor(
    private readonly m: TrackModel,
    private readonly bucketOf: (i: number) => number,
    prev?: ZoomLevels | null,
  ) {
    // Only the states are taken, not `prev` itself: a load's hundredth update must not hold the ninety-nine before it.
    if (prev && extendsView(prev.m.mx, m.mx) && extendsView(prev.m.my, m.my) && extendsView(prev.m.breakBefore, m.breakBefore)) {
      this.shared = prev.m.n;
      for (const [z, d] of prev.levels) this.resume.set(z, { state: d.state, blocks: prev.blocks.get(z) });
    }
  }

  at(zoom: number): Uint32Array {
    return this.decimationAt(clampZoom(zoom)).idx;
  }

  private decimationAt(z: number): Decimation {
    return this.levels.get(z) ?? this.decimate(z, Infinity)!;
  }

  /** Goes on with the level of `z` by up to `count` points; the level once it is whole, else null. */
  private decimate(z: number, count: number): Decimation | null {
    const from = this.resume.get(z);
    let b = this.decimating.get(z);
    if (!b) this.decimating.set(z, (b = new DecimationBuilder(this.m, z, this.bucketOf, from?.state ?? null)));
    if (!b.run(count)) return null;
    const l = b.result();
    this.levels.set(z, l);
    this.decimating.delete(z);
    // Blocks wholly within the points the earlier level kept too are the same boxes.
    if (from?.blocks && from.state) this.blocks.set(z, levelBlocks(this.m, l.idx, { blocks: from.blocks, upTo: from.state.k }));
    this.resume.delete(z);
    return l;
  }

  /** Builds the level of `zoom` by up to `count` more points (while idle); true once it is there. */
  buildLevel(zoom: number, count: number): boolean {
    const z = clampZoom(zoom);
    return this.levels.has(z) || this.decimate(z, count) !== null;
  }

  /** The level of `zoom` without its repeated segments, once built (`buildDistinct`), or null. */
  distinctAt(zoom: number): DistinctLevel | null {
    return this.distinct.get(clampZoom(zoom)) ?? null;
  }

  /**
   * Builds the distinct level of `zoom` by up to `count` more segments (while idle); true
   * once it is there, or not wanted: a level under REPEATS_FROM is drawn whole.
   */
  buildDistinct(zoom: number, count: number): boolean {
    const z = clampZoom(zoom);
    if (this.distinct.has(z)) return true;
    const idx = this.at(z);
    if (idx.length < REPEATS_FROM) return true;
    let b = this.building.get(z);
    if (!b) this.building.set(z, (b = new DistinctBuilder(this.m, idx, z)));
    if (!b.run(count)) return false;
    this.distinct.set(z, b.result());
    this.building.delete(z);
    return true;
  }

  /**
   * Whether the level of `zoom` draws without work in the draw: decimated, its blocks boxed,
   * and its repeats left out where it has enough points to look for them.
   */
  ready(zoom: number): boolean {
    const z = clampZoom(zoom);
    const l = this.levels.get(z);
    return !!l && this.blocks.has(z) && (l.idx.length < REPEATS_FROM || this.distinct.has(z));
  }

  /**
   * The zoom whose level a draw at `zoom` takes now: `zoom`'s own when ready, else the
   * nearest ready one at most STAND_IN_ZOOMS coarser, else the next finer one; null when
   * none is (the draw builds `zoom`'s, as on a first draw). A coarser level at this zoom
   * keeps a point per 3–6 px instead of 1.5 and folds repeats within 4–8 px: for the few
   * frames until `zoom`'s own is built while idle, that beat decimating and hashing a
   * month of points inside a frame (40–300 ms tasks at each new zoom of a pan).
   */
  readyNear(zoom: number): number | null {
    const z = clampZoom(zoom);
    for (let d = 0; d <= STAND_IN_ZOOMS; d++) if (z - d >= 0 && this.ready(z - d)) return z - d;
    return z < MAX_ZOOM && this.ready(z + 1) ? z + 1 : null;
  }

  /**
   * Boxes up to `count` more blocks of the level of `zoom` (while idle, once it is built);
   * true once all are: a deep level of a month is 10,000 blocks, 20–30 ms in one go.
   */
  buildBlocks(zoom: number, count: number): boolean {
    const z = clampZoom(zoom);
    if (this.blocks.has(z)) return true;
    const idx = this.at(z);
    let p = this.boxing.get(z);
    if (!p) this.boxing.set(z, (p = { out: new Float64Array(4 * Math.ceil(idx.length / BLOCK)), next: 0 }));
    const n = p.out.length / 4;
    const end = Math.min(n, p.next + count);
    fillBlocks(this.m, idx, p.out, p.next, end);
    p.next = end;
    if (end < n) return false;
    this.blocks.set(z, p.out);
    this.boxing.delete(z);
    return true;
  }

  /** `levelBlocks` of the level `at(zoom)`. */
  blocksAt(zoom: number): Float64Array {
    const z = clampZoom(zoom);
    const idx = this.at(z);
    let b = this.blocks.get(z);
    if (!b) {
      this.blocks.set(z, (b = levelBlocks(this.m, idx)));
      // Asked for whole (a draw) while idle steps were boxing it: their part is not needed.
      this.boxing.delete(z);
    }
    return b;
  }
}

/** How much coarser a stand-in level may be (`readyNear`): 2² = 4 times. */
const STAND_IN_ZOOMS = 2;

const clampZoom = (zoom: number) => Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
