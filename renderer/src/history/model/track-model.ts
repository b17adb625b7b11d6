/**
 * The track prepared once per load for everything that reads it many times a second:
 * Web Mercator coordinates (projected once, not per frame), cumulative distance, and
 * lookups by time with interpolation for the replay marker.
 */
import { mercatorX, mercatorYOfSin } from '../../../../common/mercator';
import type { TrackColumns } from '../../../../common/track';
import { capacityOf, extendsView, grown, withRoom } from './growable';

const R = 6_371_008.8;
const RAD = Math.PI / 180;

export interface TrackModel {
  n: number;
  cols: TrackColumns;
  /** Web Mercator in [0, 1]. */
  mx: Float64Array;
  my: Float64Array;
  /** Metres from the first point; jumps across gaps (see `breakBefore`) are not counted. */
  cum: Float64Array;
  /** 1 where the line must not join point i-1 to point i (a hole in the data, not a drive). */
  breakBefore: Uint8Array;
}

export function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Metres between two consecutive points. Steps of a track are metres to a few hundred
 * metres apart, where the flat-earth distance with the latitudes' mean cosine is exact to
 * far below GPS noise and costs one cosine a point instead of haversine's five
 * transcendental calls (a month at 1 Hz spent most of its model build there); a jump over
 * a tenth of a degree still takes the great circle.
 */
function stepMetres(lat1: number, lng1: number, lat2: number, lng2: number, meanCos: number): number {
  const dLat = lat2 - lat1;
  const dLng = lng2 - lng1;
  if (Math.abs(dLat) > 0.1 || Math.abs(dLng) > 0.1) return haversine(lat1, lng1, lat2, lng2);
  const x = dLng * RAD * meanCos;
  const y = dLat * RAD;
  return R * Math.sqrt(x * x + y * y);
}

/**
 * A jump no vehicle makes: more than 10 minutes without points and faster than 250 km/h
 * on the straight line. Parked time between two drives stays joined (same place).
 */
function isHole(dtMs: number, metres: number): boolean {
  return dtMs > 600_000 && metres > 2000 && metres / (dtMs / 1000) > 70;
}

const EMPTY_F64 = new Float64Array(0);
const EMPTY_U8 = new Uint8Array(0);

/** How many leading points `cols` shares with `prev`'s (same time and place). */
function sharedPrefix(prev: TrackModel, cols: TrackColumns): number {
  const p = prev.cols;
  // Columns grown in place from prev's hold its points unchanged (growable.ts): no need to compare 2.6 M of them.
  if (extendsView(p.time, cols.time) && extendsView(p.lat, cols.lat) && extendsView(p.lng, cols.lng)) return prev.n;
  const n = Math.min(prev.n, cols.time.length);
  let i = 0;
  while (i < n && p.time[i] === cols.time[i] && p.lat[i] === cols.lat[i] && p.lng[i] === cols.lng[i]) i++;
  return i;
}

/**
 * `breaks`: where the line is lifted besides the holes found here (a sketch's left-out
 * stretches). `prev`: the model of an earlier copy of the same track: the points the two
 * share at the start keep their projection and distances (while a load runs, each update
 * adds the windows just stored to a track of millions of points, and projecting them all
 * again would be most of each update).
 */
export function buildModel(cols: TrackColumns, breaks?: Uint8Array, prev?: TrackModel): TrackModel {
  const n = cols.time.length;
  // A point's projection, break and distance depend on nothing after it: the shared ones are kept.
  const keep = prev && !breaks ? sharedPrefix(prev, cols) : 0;
  // The model grows in place with columns that do (merge.ts): a load's update then writes
  // only the points just stored, not a new copy of the month's projection.
  const room = capacityOf(cols.time);
  const column = <T extends Float64Array | Uint8Array>(had: T | undefined, empty: T): T => {
    if (!had || keep === 0) return withRoom(empty, n, room);
    if (keep === had.length) return grown(had, n, room);
    const c = withRoom(had, n, room);
    c.set(had.subarray(0, keep));
    return c;
  };
  const mx = column(prev?.mx, EMPTY_F64);
  const my = column(prev?.my, EMPTY_F64);
  const cum = column(prev?.cum, EMPTY_F64);
  const breakBefore = column(prev?.breakBefore, EMPTY_U8);
  // As the loop computes it, so that a model grown from prev equals one built whole.
  let cosPrev = keep > 0 ? Math.sqrt(1 - Math.sin(cols.lat[keep - 1]! * RAD) ** 2) : 0;
  for (let i = keep; i < n; i++) {
    const lat = cols.lat[i]!;
    mx[i] = mercatorX(cols.lng[i]!);
    // One sine serves the projection and the step's cosine: a month's model build spent
    // most of its time in these transcendental calls, three a point.
    const sin = Math.sin(lat * RAD);
    my[i] = mercatorYOfSin(sin);
    const cosLat = Math.sqrt(1 - sin * sin);
    if (i === 0) {
      cosPrev = cosLat;
      continue;
    }
    const d = stepMetres(cols.lat[i - 1]!, cols.lng[i - 1]!, lat, cols.lng[i]!, (cosPrev + cosLat) / 2);
    cosPrev = cosLat;
    const dt = cols.time[i]! - cols.time[i - 1]!;
    if (breaks?.[i] || isHole(dt, d) || dt > 6 * 3600_000) {
      breakBefore[i] = 1;
      cum[i] = cum[i - 1]!;
    } else cum[i] = cum[i - 1]! + d;
  }
  return { n, cols, mx, my, cum, breakBefore };
}

/** Index of the last point with time <= t (-1 before the first). */
export function indexAt(time: Float64Array, t: number): number {
  let lo = 0;
  let hi = time.length - 1;
  if (hi < 0 || t < time[0]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (time[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface Fix {
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  /** Index of the point at or before t. */
  index: number;
}

/** Where the vehicle was at t: between two points of one drive it glides; across a hole or a stop it waits. */
export function fixAt(m: TrackModel, t: number): Fix | null {
  if (m.n === 0) return null;
  const c = m.cols;
  const i = Math.max(0, indexAt(c.time, t));
  const j = i + 1;
  if (j < m.n && !m.breakBefore[j] && t > c.time[i]!) {
    const dt = c.time[j]! - c.time[i]!;
    // Only interpolate across sampling gaps; a long gap is a stop, where the vehicle stands still.
    if (dt <= 120_000) {
      const f = (t - c.time[i]!) / dt;
      return {
        lat: c.lat[i]! + (c.lat[j]! - c.lat[i]!) * f,
        lng: c.lng[i]! + (c.lng[j]! - c.lng[i]!) * f,
        speed: c.speed[i]! + (c.speed[j]! - c.speed[i]!) * f,
        heading: c.heading[i]!,
        index: i,
      };
    }
  }
  const stopped = t > c.time[i]! + 120_000;
  return { lat: c.lat[i]!, lng: c.lng[i]!, speed: stopped ? 0 : c.speed[i]!, heading: c.heading[i]!, index: i };
}

export function bounds(m: TrackModel): [[number, number], [number, number]] | null {
  if (m.n === 0) return null;
  let s = 90;
  let w = 180;
  let nth = -90;
  let e = -180;
  for (let i = 0; i < m.n; i++) {
    const la = m.cols.lat[i]!;
    const ln = m.cols.lng[i]!;
    if (la < s) s = la;
    if (la > nth) nth = la;
    if (ln < w) w = ln;
    if (ln > e) e = ln;
  }
  return [
    [s, w],
    [nth, e],
  ];
}
