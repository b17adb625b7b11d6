/**
 * Replay arithmetic. Simulated time advances speed × real elapsed time on every animation
 * frame, carried as a float, so nothing is dropped: at 1000× a real second is 1000
 * simulated seconds whatever the frame rate (clock.ts runs it on animation frames).
 */
export const PLAYER_SPEEDS = [1, 2, 5, 10, 30, 60, 100, 300, 1000] as const;

export interface Span {
  from: number;
  till: number;
}

/** The parking that contains t, by binary search over sorted, disjoint spans. */
export function spanAt(spans: readonly Span[], t: number): Span | null {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (t < s.from) hi = mid - 1;
    else if (t >= s.till) lo = mid + 1;
    else return s;
  }
  return null;
}

/** Next cursor time after `dtMs` of real time; parkings are skipped whole when asked. */
export function advance(t: number, dtMs: number, speed: number, end: number, parkings: readonly Span[] = [], skipParkings = false): number {
  let next = t + dtMs * speed;
  if (skipParkings) {
    const p = spanAt(parkings, next);
    if (p) next = p.till;
  }
  return Math.min(end, next);
}
