/** Track columns: empty, picked, built from points or intervals; the renderer's wire form. */
import type { MovementInterval, TrackPoint } from '../../../common/resources';
import type { TrackColumns } from '../../../common/track';
import type { WireTrack } from '../../../common/track-wire';

export function emptyTrackColumns(n = 0): TrackColumns {
  return {
    time: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    alt: new Float32Array(n),
    sat: new Uint8Array(n),
  };
}

/** The points at `idx` of a track, in that order. */
export function pickTrackColumns(c: TrackColumns, idx: ArrayLike<number>): TrackColumns {
  const out = emptyTrackColumns(idx.length);
  for (const k of Object.keys(out) as (keyof TrackColumns)[]) {
    const from = c[k];
    const to = out[k];
    for (let j = 0; j < idx.length; j++) to[j] = from[idx[j]!]!;
  }
  return out;
}

/** Columns from the service's point objects (e.g. the Positions of movement intervals). */
export function trackColumnsFromPoints(points: readonly TrackPoint[]): TrackColumns {
  const c = emptyTrackColumns(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    c.time[i] = p.Time;
    c.lat[i] = p.Lat;
    c.lng[i] = p.Lng;
    c.speed[i] = p.Speed ?? NaN;
    c.heading[i] = p.heading ?? NaN;
    c.alt[i] = p.Alt ?? NaN;
    c.sat[i] = p.Sat ?? 0;
  }
  return c;
}

/** All points of the movement intervals of a history response, as columns. */
export function trackColumnsFromIntervals(intervals: readonly MovementInterval[]): TrackColumns {
  return trackColumnsFromPoints(intervals.flatMap((iv) => iv.Positions));
}

/** Views over one chunk's packed representation. */
export function emptyWireTrack(n: number): WireTrack {
  return {
    time: new Float64Array(n),
    latE7: new Int32Array(n),
    lngE7: new Int32Array(n),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    alt: new Float32Array(n),
    sat: new Uint8Array(n),
  };
}

