/**
 * Sensor calibration: a table of (raw reading, physical value) pairs, read between points
 * by straight lines. The spec leaves the element shape open; the simulator (and the
 * servers we know) send {X, Y}, some send lower case or [x, y] pairs, so all are accepted.
 */
export interface CalibrationPoint {
  x: number;
  y: number;
}

function pointOf(e: unknown): CalibrationPoint | null {
  if (Array.isArray(e) && e.length >= 2) {
    const [x, y] = e as unknown[];
    return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
  }
  if (e && typeof e === 'object') {
    const r = e as Record<string, unknown>;
    const x = r.X ?? r.x;
    const y = r.Y ?? r.y;
    return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
  }
  return null;
}

/** The usable points of a table, ascending by raw value; one point per raw value (the last wins). */
export function calibrationPoints(table: readonly unknown[] | undefined): CalibrationPoint[] {
  const byX = new Map<number, CalibrationPoint>();
  for (const e of table ?? []) {
    const p = pointOf(e);
    if (p) byX.set(p.x, p);
  }
  return [...byX.values()].sort((a, b) => a.x - b.x);
}

/**
 * The physical value of a raw reading. Outside the table the end values hold: a tank
 * cannot read below empty or above full, and extrapolating a sensor's noise would say so.
 * Null when the table has fewer than two points (nothing to interpolate).
 */
export function calibrate(points: readonly CalibrationPoint[], raw: number): number | null {
  if (points.length < 2 || !Number.isFinite(raw)) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (raw <= first.x) return first.y;
  if (raw >= last.x) return last.y;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.x <= raw) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  return a.y + ((raw - a.x) * (b.y - a.y)) / (b.x - a.x);
}
