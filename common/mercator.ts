/**
 * Web Mercator in the unit square, as the tiles are drawn: x east from 180° W, y south from
 * the top. The live store, the History model and the world outline all project with it.
 */
const RAD = Math.PI / 180;
/** The square world's latitude limit, atan(sinh(π)): the poles fall on its edges. */
const MAX_MERCATOR_LAT = 85.0511287798;
const MAX_SIN = Math.sin(MAX_MERCATOR_LAT * RAD);

export function mercatorX(lng: number): number {
  return (lng + 180) / 360;
}

export function mercatorY(lat: number): number {
  return mercatorYOfSin(Math.sin(Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * RAD));
}

/** `mercatorY` from the latitude's sine, for a caller that needs the sine anyway (one transcendental call a point fewer). */
export function mercatorYOfSin(sin: number): number {
  const s = Math.max(-MAX_SIN, Math.min(MAX_SIN, sin));
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}
