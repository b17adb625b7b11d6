/**
 * Sensor calibration: a table of (raw reading, physical value) pairs, read between points
 * by straight lines. The details panel (one live reading) and the History screen (whole
 * series) both read it here, so the same raw value shows the same litres on both screens.
 *
 * The interface leaves the element shape unshown. The simulator (and the servers we know)
 * send {X, Y}; others send lower case, In/Out, Raw/Value, Code/Level or [x, y] pairs, so
 * all are accepted. An element that is none of these is skipped, not the whole table.
 */
export interface Calibration {
  /** Raw readings, ascending, one per value. */
  x: Float64Array;
  y: Float64Array;
}

const X_NAMES = ['x', 'in', 'raw', 'code'];
const Y_NAMES = ['y', 'out', 'value', 'level'];

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function field(o: Record<string, unknown>, names: readonly string[]): number | undefined {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (names.includes(k.toLowerCase()) && finite(v)) return v;
  }
  return undefined;
}

function pointOf(e: unknown): [number, number] | null {
  if (Array.isArray(e)) {
    const [x, y] = e as unknown[];
    return finite(x) && finite(y) ? [x, y] : null;
  }
  if (e && typeof e === 'object') {
    const x = field(e as Record<string, unknown>, X_NAMES);
    const y = field(e as Record<string, unknown>, Y_NAMES);
    return x !== undefined && y !== undefined ? [x, y] : null;
  }
  return null;
}

/**
 * The table's usable points, ascending by raw value; one point per raw value (the last
 * wins). Null when fewer than two remain: there is nothing to interpolate, so readings
 * are shown as they came.
 */
export function readCalibration(table: readonly unknown[] | undefined): Calibration | null {
  const byX = new Map<number, number>();
  for (const e of table ?? []) {
    const p = pointOf(e);
    if (p) byX.set(p[0], p[1]);
  }
  if (byX.size < 2) return null;
  const xs = [...byX.keys()].sort((a, b) => a - b);
  return { x: Float64Array.from(xs), y: Float64Array.from(xs, (x) => byX.get(x)!) };
}

/**
 * The physical value of a raw reading. Outside the table the end values hold: a tank
 * cannot read below empty or above full, and extending the end segments would turn a
 * probe's noise past its range into fuel that is not there. NaN for a raw value that is not a number.
 */
export function calibrate(c: Calibration, raw: number): number {
  const { x, y } = c;
  const n = x.length;
  if (!Number.isFinite(raw)) return Number.NaN;
  if (raw <= x[0]!) return y[0]!;
  if (raw >= x[n - 1]!) return y[n - 1]!;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! <= raw) lo = mid;
    else hi = mid;
  }
  return y[lo]! + ((raw - x[lo]!) * (y[hi]! - y[lo]!)) / (x[hi]! - x[lo]!);
}

/** A whole series through the table; the series itself when there is no table. */
export function calibrateAll(c: Calibration | null, values: Float64Array): Float64Array {
  if (!c) return values;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = calibrate(c, values[i]!);
  return out;
}
