/**
 * Where an object was at a moment, from its track: the answer to "where did this event
 * happen", since the spec's Event carries no position. Plain code shared by the core (which
 * answers `history/placeAt`) and its tests.
 */
import type { TrackColumns } from './track';

/** Fixes further than this from the moment do not place it. */
export const PLACE_SPAN_MS = 15 * 60_000;

export interface PlaceAt {
  lat: number;
  lng: number;
  /** The time of the fix (or the start of the stop) the place comes from. */
  time: number;
  /** How the place was found: a fix of the track, or a stop that spans the moment. */
  from: 'fix' | 'stop';
}

export interface Stop {
  from: number;
  till: number;
  lat: number;
  lng: number;
}

/**
 * A stop that spans the moment wins: the object stood there, whatever fix is nearer in time
 * (a parked device may report rarely). Else the fix nearest in time within PLACE_SPAN_MS,
 * the earlier one on a tie: an event is raised from what the device had already reported.
 */
export function placeAt(track: Pick<TrackColumns, 'time' | 'lat' | 'lng'>, stops: readonly Stop[], at: number): PlaceAt | null {
  const stop = stops.find((s) => s.from <= at && at < s.till);
  if (stop) return { lat: stop.lat, lng: stop.lng, time: stop.from, from: 'stop' };
  const t = track.time;
  // First index with time > at: the fix before is i - 1, the one after is i.
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  let best = -1;
  if (lo > 0 && at - t[lo - 1]! <= PLACE_SPAN_MS) best = lo - 1;
  if (lo < t.length && t[lo]! - at <= PLACE_SPAN_MS && (best < 0 || t[lo]! - at < at - t[best]!)) best = lo;
  if (best < 0) return null;
  return { lat: track.lat[best]!, lng: track.lng[best]!, time: t[best]!, from: 'fix' };
}
