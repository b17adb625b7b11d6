/** Movement and parking intervals of an object over any span, clipped to its data window. */
import { localDay } from './plan';
import type { Tracker } from './track';
import type { Leg } from './plan';

export interface Span {
  move: boolean;
  from: number;
  till: number;
  leg?: Leg;
}

export function spans(tr: Tracker, obj: number, from: number, till: number): Span[] {
  const [ws, we] = tr.window(obj);
  const lo = Math.max(from, ws);
  const hi = Math.min(till, we);
  if (hi <= lo) return [];
  const m = tr.motion(obj);
  const out: Span[] = [];
  let cursor = lo;
  for (let d = localDay(m, lo); d <= localDay(m, hi); d++) {
    for (const leg of tr.plans.get(obj, d).legs) {
      if (leg.t1 <= lo || leg.t0 >= hi) continue;
      const a = Math.max(leg.t0, lo);
      const b = Math.min(leg.t1, hi);
      if (a > cursor) out.push({ move: false, from: cursor, till: a });
      if (b > a) out.push({ move: true, from: a, till: b, leg });
      cursor = b;
    }
  }
  if (cursor < hi) out.push({ move: false, from: cursor, till: hi });
  return out;
}

/** Sampling times of a movement span: its ends and every period ms between. */
export function* sampleTimes(from: number, till: number, period: number): Generator<number> {
  yield from;
  for (let t = Math.floor(from / period) * period + period; t < till; t += period) yield t;
  if (till > from) yield till;
}
