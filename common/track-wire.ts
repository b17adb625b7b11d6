/**
 * A track as it crosses the socket: coordinates as the cache stores them, integers of
 * 1e-7 degree, not doubles. A month at 1 Hz is 93 MB of columns, and on this machine
 * Chromium takes about 1.4 s to take in 38 MB of one message: the coordinates were 16 of
 * a point's 37 bytes, now 8. Exact: the cache's doubles are each one of those integers
 * divided by 1e7, and multiplying back and rounding gives the integer again.
 */
import type { TrackColumns } from './track';

/** Wire coordinates are integers of 1 / E7 degree. */
export const E7 = 1e7;

export interface WireTrack extends Omit<TrackColumns, 'lat' | 'lng'> {
  latE7: Int32Array;
  lngE7: Int32Array;
}

/**
 * Columns to the wire form. The host reads the cache straight into that form
 * (cache/track.ts readTrackInto); this is the definition tests hold those reads to.
 */
export function packTrack(t: TrackColumns): WireTrack {
  const n = t.lat.length;
  const latE7 = new Int32Array(n);
  const lngE7 = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    latE7[i] = Math.round(t.lat[i]! * E7);
    lngE7[i] = Math.round(t.lng[i]! * E7);
  }
  const { lat: _lat, lng: _lng, ...rest } = t;
  return { ...rest, latE7, lngE7 };
}

export function unpackTrack(w: WireTrack): TrackColumns {
  const n = w.latE7.length;
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lat[i] = w.latE7[i]! / E7;
    lng[i] = w.lngE7[i]! / E7;
  }
  const { latE7: _la, lngE7: _ln, ...rest } = w;
  return { ...rest, lat, lng };
}
