import type { TrackModel } from '../model/track-model';

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

/** Boxes blocks [from, to) of `idx` into `out` (`levelBlocks`); `ZoomLevels` boxes a level a slice at a time with it. */
export function fillBlocks(m: TrackModel, idx: Uint32Array, out: Float64Array, from: number, to: number): void {
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
