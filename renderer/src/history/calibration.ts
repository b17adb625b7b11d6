/**
 * Calibration tables turn a sensor's raw reading into its units (a fuel probe's 0–4095
 * into litres). The spec leaves the element shape unshown; X/Y pairs (any letter case,
 * or In/Out, Raw/Value) are read, anything else leaves the values as they came.
 */
export type Calibration = { x: Float64Array; y: Float64Array } | null;

function num(o: Record<string, unknown>, names: string[]): number | undefined {
  for (const k of Object.keys(o)) if (names.includes(k.toLowerCase()) && typeof o[k] === 'number' && Number.isFinite(o[k])) return o[k] as number;
  return undefined;
}

export function readCalibration(table: readonly unknown[] | undefined): Calibration {
  if (!table || table.length < 2) return null;
  const pts: [number, number][] = [];
  for (const el of table) {
    if (!el || typeof el !== 'object') return null;
    const o = el as Record<string, unknown>;
    const x = num(o, ['x', 'in', 'raw', 'code']);
    const y = num(o, ['y', 'out', 'value', 'level']);
    if (x === undefined || y === undefined) return null;
    pts.push([x, y]);
  }
  pts.sort((a, b) => a[0] - b[0]);
  return { x: Float64Array.from(pts, (p) => p[0]), y: Float64Array.from(pts, (p) => p[1]) };
}

/** Piecewise linear between the table's points; beyond its ends, the end segments extended. */
export function calibrate(c: NonNullable<Calibration>, raw: number): number {
  const { x, y } = c;
  const n = x.length;
  let i = 1;
  if (raw >= x[n - 1]!) i = n - 1;
  else if (raw > x[0]!) {
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (x[mid]! <= raw) lo = mid;
      else hi = mid;
    }
    i = hi;
  }
  const dx = x[i]! - x[i - 1]!;
  return dx === 0 ? y[i]! : y[i - 1]! + ((raw - x[i - 1]!) * (y[i]! - y[i - 1]!)) / dx;
}

export function calibrateAll(c: Calibration, values: Float64Array): Float64Array {
  if (!c) return values;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = calibrate(c, values[i]!);
  return out;
}
