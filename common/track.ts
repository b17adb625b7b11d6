/**
 * A track as columns: index i of every column is one point. Times are Unix ms, ascending.
 * Shared by the cache (which packs it per object-hour) and the contract (which sends it
 * to the renderer): millions of points cross the boundary as typed arrays, never objects.
 */
export interface TrackColumns {
  time: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** NaN: unknown. */
  speed: Float32Array;
  /** NaN: unknown. */
  heading: Float32Array;
  /** NaN: unknown. */
  alt: Float32Array;
  /** 0: unknown. */
  sat: Uint8Array;
}
