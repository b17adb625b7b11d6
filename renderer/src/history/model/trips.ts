/**
 * Trips and stops from what the service calls intervals: parkings are given (From, Till,
 * Position); a trip is the driving between two parkings (or an edge of the interval),
 * measured on the track's points that fall there.
 */
import type { HistoryParking } from '../../../../common/methods/history';
import { indexAt, type TrackModel } from './track-model';

export interface Stop {
  kind: 'stop';
  /** 1-based, as on the map's markers. */
  n: number;
  from: number;
  till: number;
  lat: number;
  lng: number;
}

export interface Trip {
  kind: 'trip';
  n: number;
  from: number;
  till: number;
  /** Point indices [first, last] in the track. */
  first: number;
  last: number;
  metres: number;
  maxSpeed: number;
}

export function stopsOf(parkings: readonly HistoryParking[]): Stop[] {
  return [...parkings]
    .sort((a, b) => a.from - b.from)
    .map((p, i) => ({ kind: 'stop', n: i + 1, from: p.from, till: p.till, lat: p.lat, lng: p.lng }));
}

export function tripsOf(m: TrackModel, stops: readonly Stop[], from: number, till: number): Trip[] {
  const t = m.cols.time;
  const gaps: [number, number][] = [];
  let cursor = from;
  for (const s of stops) {
    if (s.from > cursor) gaps.push([cursor, s.from]);
    cursor = Math.max(cursor, s.till);
  }
  if (cursor < till) gaps.push([cursor, till]);
  const out: Trip[] = [];
  for (const [a, b] of gaps) {
    // Points on the parking edges belong to both; a trip needs two points strictly moving.
    const first = Math.max(0, indexAt(t, a - 1) + 1);
    const last = indexAt(t, b);
    if (last - first < 1) continue;
    let vmax = 0;
    for (let i = first; i <= last; i++) {
      const v = m.cols.speed[i]!;
      if (v > vmax) vmax = v;
    }
    out.push({ kind: 'trip', n: out.length + 1, from: t[first]!, till: t[last]!, first, last, metres: m.cum[last]! - m.cum[first]!, maxSpeed: vmax });
  }
  return out;
}

/** Trips and stops in time order, for one list. */
export function timelineOf(trips: readonly Trip[], stops: readonly Stop[]): (Trip | Stop)[] {
  return [...trips, ...stops].sort((a, b) => a.from - b.from || (a.kind === 'stop' ? -1 : 1));
}

/** Stops at one place (within `metres` of the place's first stop), for one marker per place. */
export interface Place {
  lat: number;
  lng: number;
  stops: Stop[];
}

export function placesOf(stops: readonly Stop[], metres = 40): Place[] {
  // A grid of cells about `metres` wide: neighbours are checked so a place on a cell edge still merges.
  const cell = metres / 111_320;
  const grid = new Map<string, Place[]>();
  const places: Place[] = [];
  for (const s of stops) {
    const cx = Math.floor(s.lng / cell);
    const cy = Math.floor(s.lat / cell);
    let found: Place | undefined;
    const cos = Math.cos((s.lat * Math.PI) / 180);
    for (let dx = -1; dx <= 1 && !found; dx++)
      for (let dy = -1; dy <= 1 && !found; dy++)
        found = grid.get(`${cx + dx}:${cy + dy}`)?.find((p) => Math.hypot((p.lng - s.lng) * cos, p.lat - s.lat) * 111_320 <= metres);
    if (found) found.stops.push(s);
    else {
      const p: Place = { lat: s.lat, lng: s.lng, stops: [s] };
      places.push(p);
      const k = `${cx}:${cy}`;
      grid.set(k, [...(grid.get(k) ?? []), p]);
    }
  }
  return places;
}
