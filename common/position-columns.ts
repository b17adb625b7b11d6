/**
 * Positions as they cross to the windows: typed-array columns, and the ignition's values.
 * Free of zod, as the renderer's first bundle imports it (decision 0085).
 */

/**
 * Last positions as columns: one index per object, in the same order in every column.
 * Thousands of moving objects cross the boundary this way, never as an array of objects.
 */
export interface PositionColumns {
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Unix ms of the fix; 0 when the device never reported. */
  time: Float64Array;
  speed: Float32Array;
  heading: Float32Array;
  /** 1 when the service says the device is online. */
  online: Uint8Array;
  /** The ignition input's last reading (Ignition.*): what tells "idle, engine running" from "parked". */
  ignition: Uint8Array;
}

/** Values of PositionColumns.ignition. Unknown: the object has no ignition sensor, or no reading yet. */
export const Ignition = { unknown: 0, off: 1, on: 2 } as const;
