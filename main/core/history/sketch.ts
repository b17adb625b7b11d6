/**
 * The History screen's first draw: the coarse copy of a cached track (a point per 100 m,
 * cache/track.ts) reduced to the streets it covers. A month of a vehicle working one town
 * drives the same streets hundreds of times: 200,000 points for a few thousand distinct
 * segments. Points are snapped to a grid of cells; a step between two cells is kept the
 * first time it is driven (either way) and left out after, with a break before the next
 * kept step, so the sketch is every street driven, once. Thinning along the path instead
 * (a point every k metres) cuts the corners of a street grid into diagonals that were
 * never driven once the spacing passes the size of a block.
 */
import type { HistoryOverview } from '../../../common/methods/history';
import { RepeatFilter } from '../../../common/repeat-filter';
import type { TrackColumns } from '../../../common/track';
import { emptyTrackColumns, pickTrackColumns } from '../cache';

export type TrackSketch = HistoryOverview;

const M_PER_DEG = 111_320;
const RAD = Math.PI / 180;
/** A fitted track fills at most about this many CSS pixels of a map: a cell under one is invisible. */
const FIT_PX = 2048;

function sketchAt(c: TrackColumns, cellMetres: number, lat0: number): { idx: number[]; brk: number[] } {
  const n = c.time.length;
  const ky = M_PER_DEG / cellMetres;
  const kx = ky * Math.cos(lat0 * RAD);
  const x0 = Math.round(c.lng[0]! * kx);
  const y0 = Math.round(c.lat[0]! * ky);
  const seen = new RepeatFilter(1);
  const idx: number[] = [];
  const brk: number[] = [];
  let prev = 0;
  let px = 0;
  let py = 0;
  let last = -1;
  for (let i = 1; i < n; i++) {
    const x = Math.round(c.lng[i]! * kx) - x0;
    const y = Math.round(c.lat[i]! * ky) - y0;
    if (x === px && y === py) continue;
    if (!seen.repeats(px, py, x, y)) {
      if (last !== prev) {
        idx.push(prev);
        brk.push(idx.length > 1 ? 1 : 0);
      }
      idx.push(i);
      brk.push(0);
      last = i;
    }
    prev = i;
    px = x;
    py = y;
  }
  // The ends are where the start and end markers go, drawn or not (all in one cell: no step).
  if (idx.length === 0) {
    idx.push(0);
    brk.push(0);
  }
  if (idx.at(-1) !== n - 1) {
    idx.push(n - 1);
    brk.push(1);
  }
  return { idx, brk };
}

/**
 * `c` as a sketch of at most `maxPoints` points: cells of `minCellMetres`, or of a pixel of
 * the whole track fitted to the screen when that is larger, doubled until the budget holds.
 */
export function sketchTrack(c: TrackColumns, maxPoints: number, minCellMetres: number): TrackSketch {
  const n = c.time.length;
  if (n < 2) return { track: c, breaks: new Uint8Array(n) };
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (let i = 0; i < n; i++) {
    minLat = Math.min(minLat, c.lat[i]!);
    maxLat = Math.max(maxLat, c.lat[i]!);
    minLng = Math.min(minLng, c.lng[i]!);
    maxLng = Math.max(maxLng, c.lng[i]!);
  }
  const lat0 = (minLat + maxLat) / 2;
  const extent = Math.max((maxLat - minLat) * M_PER_DEG, (maxLng - minLng) * M_PER_DEG * Math.cos(lat0 * RAD));
  let cell = Math.max(minCellMetres, extent / FIT_PX);
  let s = sketchAt(c, cell, lat0);
  for (let pass = 0; s.idx.length > maxPoints && pass < 30; pass++) {
    cell *= 2;
    s = sketchAt(c, cell, lat0);
  }
  const track = pickTrackColumns(c, s.idx);
  return { track, breaks: Uint8Array.from(s.brk) };
}

/**
 * Runs the sketch once over a made-up month (a walk along a street grid) so that its code
 * is compiled before the first real one. Measured in the bench: the first sketch of a
 * month took 140–300 ms while V8 still interpreted it (its optimising compiler runs on a
 * background thread, slow to get a core while the page starts up), the next ones 30 ms.
 * Called once by the history reader's worker when it starts.
 */
export function warmSketch(points = 200_000): TrackSketch {
  const c = emptyTrackColumns(points);
  let lat = 55.75;
  let lng = 37.6;
  let seed = 1;
  for (let i = 0; i < points; i++) {
    // A deterministic walk, a block at a time, within a town of 40 by 40 blocks: at its
    // edge it turns back in. (An LCG's low bits repeat with a short period: its high bits choose.)
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    const r = seed >>> 16;
    const way = r & 128 ? 1 : -1;
    if (r % 7 === 0) lat += 0.0009 * (Math.abs(lat - 55.75) > 0.018 ? -Math.sign(lat - 55.75) : way);
    else lng += 0.0015 * (Math.abs(lng - 37.6) > 0.03 ? -Math.sign(lng - 37.6) : way);
    c.time[i] = i * 60_000;
    c.lat[i] = lat;
    c.lng[i] = lng;
  }
  return sketchTrack(c, 60_000, 100);
}
