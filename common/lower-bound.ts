/**
 * Binary search over anything sorted: the first index in [0, n) for which `before(i)` is
 * false, given that `before` is true for a prefix and false after it. The cache's hour
 * chunks, the events list's order and the History screen's windows all search this way.
 */
export function lowerBound(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
