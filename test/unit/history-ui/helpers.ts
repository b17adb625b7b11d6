import type { TrackColumns } from '../../../common/track';

/** A track from [time, lat, lng, speed] rows. */
export function track(rows: [number, number, number, number][]): TrackColumns {
  const n = rows.length;
  const t: TrackColumns = {
    time: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float32Array(n),
    heading: new Float32Array(n).fill(90),
    alt: new Float32Array(n).fill(NaN),
    sat: new Uint8Array(n),
  };
  rows.forEach(([time, lat, lng, speed], i) => {
    t.time[i] = time;
    t.lat[i] = lat;
    t.lng[i] = lng;
    t.speed[i] = speed;
  });
  return t;
}

/** A straight eastward drive at 1 Hz: `n` points, 10 m apart, from `t0`. */
export function drive(n: number, t0 = 0, lat = 50, lng0 = 10, speed = 36): [number, number, number, number][] {
  const dLng = 10 / (111_320 * Math.cos((lat * Math.PI) / 180));
  return Array.from({ length: n }, (_, i) => [t0 + i * 1000, lat, lng0 + i * dLng, speed]);
}
