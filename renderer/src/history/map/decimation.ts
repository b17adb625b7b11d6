/**
 * Per-zoom decimation: at zoom z a world pixel is 1/(256·2^z) of the Mercator square, so
 * a point closer than `minPx` pixels to the last kept one cannot change the picture and
 * is dropped. One O(n) pass per zoom, computed on first use and kept: a million-point
 * track becomes a few thousand segments at city zoom and stays whole only when zoomed
 * in far enough for every point to matter (and then only the view is drawn).
 */
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
 * millions of points, which as one idle task delays the frame after it.
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
    // (10 MB into fresh memory) is a long task of its own. A sparse one is copied, so it
    // does not hold a buffer sized for every point.
    const idx = this.k * 4 >= this.out.length ? this.out.subarray(0, this.k) : this.out.slice(0, this.k);
    return { idx, state: this.before && { ...this.before, out: idx } };
  }
}
