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
  let k = 0;
  out[k++] = 0;
  let lx = m.mx[0]!;
  let ly = m.my[0]!;
  let lb = bucketOf(0);
  for (let i = 1; i < n; i++) {
    const dx = m.mx[i]! - lx;
    const dy = m.my[i]! - ly;
    const b = bucketOf(i);
    const must = i === n - 1 || m.breakBefore[i] === 1 || (i + 1 < n && m.breakBefore[i + 1] === 1) || b !== lb;
    if (must || dx * dx + dy * dy >= min2) {
      out[k++] = i;
      lx = m.mx[i]!;
      ly = m.my[i]!;
      lb = b;
    }
  }
  return out.slice(0, k);
}

/** Decimations by integer zoom, built lazily. */
export class ZoomLevels {
  private readonly levels = new Map<number, Uint32Array>();
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
}
