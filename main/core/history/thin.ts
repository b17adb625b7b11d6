/**
 * A coarse copy thinned to a point budget: the History screen's first draw costs in
 * proportion to the points it is sent (socket, model, stroke), and a dense month's copy
 * (a point per 100 m, ~200,000) is several times what a fitted view can show.
 */
import type { TrackColumns } from '../../../common/track';
import { emptyTrackColumns } from '../cache';

const M_PER_DEG = 111_320;
const RAD = Math.PI / 180;

/** Points closer than `metres` to the last kept one dropped; the first and last always kept. */
function thinByDistance(c: TrackColumns, metres: number): Uint32Array {
  const n = c.time.length;
  const keep = new Uint32Array(n);
  let k = 0;
  let last = -1;
  let cos = 1;
  const min2 = (metres / M_PER_DEG) ** 2;
  for (let i = 0; i < n; i++) {
    if (last >= 0 && i < n - 1) {
      const dy = c.lat[i]! - c.lat[last]!;
      const dx = (c.lng[i]! - c.lng[last]!) * cos;
      if (dx * dx + dy * dy < min2) continue;
    }
    keep[k++] = i;
    last = i;
    cos = Math.cos(c.lat[i]! * RAD);
  }
  return keep.subarray(0, k);
}

function pick(c: TrackColumns, idx: Uint32Array): TrackColumns {
  const o = emptyTrackColumns(idx.length);
  for (let j = 0; j < idx.length; j++) {
    const i = idx[j]!;
    o.time[j] = c.time[i]!;
    o.lat[j] = c.lat[i]!;
    o.lng[j] = c.lng[i]!;
    o.speed[j] = c.speed[i]!;
    o.heading[j] = c.heading[i]!;
    o.alt[j] = c.alt[i]!;
    o.sat[j] = c.sat[i]!;
  }
  return o;
}

/**
 * `c` with at most `maxPoints` points (unchanged when it has no more), thinned by distance
 * moved: spacing the kept points evenly along the path keeps its shape everywhere, where
 * taking every k-th point would keep a parked hour's worth and drop a motorway's. The
 * spacing starts at what the budget allows on average (`spacedMetres` × n / maxPoints)
 * and doubles until the budget holds, each pass O(n).
 */
export function thinToBudget(c: TrackColumns, maxPoints: number, spacedMetres: number): TrackColumns {
  const n = c.time.length;
  if (n <= maxPoints) return c;
  let metres = spacedMetres * (n / Math.max(2, maxPoints));
  let idx = thinByDistance(c, metres);
  for (let pass = 0; idx.length > maxPoints && pass < 40; pass++) {
    metres *= 2;
    idx = thinByDistance(c, metres);
  }
  return pick(c, idx);
}
