/**
 * Refuels and drains in a fuel-level series: a rise or fall larger than normal
 * consumption can explain, within a short time. Consumption is a slope of a fraction of
 * a litre a minute; a refuel or a drain is a step of many litres between two readings.
 */
export interface FuelJump {
  kind: 'refuel' | 'drain';
  /** Time of the first and last reading of the step. */
  from: number;
  till: number;
  /** Level before and after. */
  before: number;
  after: number;
  /** after − before (positive for a refuel). */
  delta: number;
}

export interface FuelOptions {
  /** Smallest change reported, in the series' units (default: 5, or 4 % of the level range if more). */
  minDelta?: number;
  /** Readings further apart than this are not compared (a gap in the data is not a drain). */
  maxGapMs?: number;
}

export function detectFuelJumps(time: ArrayLike<number>, value: ArrayLike<number>, opts: FuelOptions = {}): FuelJump[] {
  const n = Math.min(time.length, value.length);
  if (n < 2) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = value[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const minDelta = opts.minDelta ?? Math.max(5, 0.04 * (hi - lo));
  const maxGap = opts.maxGapMs ?? 30 * 60_000;
  // A step is made of consecutive same-sign changes each bigger than a quarter of the
  // threshold: a sensor that reports a refuel over three readings still gives one refuel.
  const stepMin = minDelta / 4;
  const out: FuelJump[] = [];
  let i = 1;
  while (i < n) {
    const d = value[i]! - value[i - 1]!;
    if (!(Math.abs(d) >= stepMin) || time[i]! - time[i - 1]! > maxGap) {
      i++;
      continue;
    }
    const sign = Math.sign(d);
    const start = i - 1;
    let end = i;
    while (end + 1 < n) {
      const d2 = value[end + 1]! - value[end]!;
      if (Math.sign(d2) !== sign || Math.abs(d2) < stepMin || time[end + 1]! - time[end]! > maxGap) break;
      end++;
    }
    const delta = value[end]! - value[start]!;
    if (Math.abs(delta) >= minDelta) {
      out.push({ kind: delta > 0 ? 'refuel' : 'drain', from: time[start]!, till: time[end]!, before: value[start]!, after: value[end]!, delta });
    }
    i = end + 1;
  }
  return out;
}
