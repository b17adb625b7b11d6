/**
 * Speed profile of one leg: a half-cosine ramp up, a cruise with a gentle ripple (traffic),
 * a half-cosine ramp down. Distance has a closed form, so any instant costs a few flops.
 */
export interface LegShape {
  /** Duration, seconds. */
  D: number;
  /** Ramp-up and ramp-down durations, seconds (a short a1 is a harsh stop). */
  a0: number;
  a1: number;
  /** Cruise speed, m/s. */
  V: number;
  /** Ripple amplitude (fraction of V) and number of ripple periods over the cruise. */
  c: number;
  k: number;
}

export function shapeFor(lenM: number, D: number, a0: number, a1: number, c: number, k: number): LegShape {
  return { D, a0, a1, c, k, V: lenM / (D - (a0 + a1) / 2) };
}

/** Speed (m/s) at tau seconds into the leg. */
export function speedAt(s: LegShape, tau: number): number {
  const { D, a0, a1, V, c, k } = s;
  if (tau <= 0 || tau >= D) return 0;
  if (tau < a0) return (V * (1 - Math.cos((Math.PI * tau) / a0))) / 2;
  const cruise = D - a0 - a1;
  if (tau <= a0 + cruise) return V * (1 + c * Math.sin((2 * Math.PI * k * (tau - a0)) / cruise));
  const u = D - tau;
  return (V * (1 - Math.cos((Math.PI * u) / a1))) / 2;
}

/** Distance (m) covered by tau seconds into the leg. */
export function distAt(s: LegShape, tau: number): number {
  const { D, a0, a1, V, c, k } = s;
  if (tau <= 0) return 0;
  const total = V * (D - (a0 + a1) / 2);
  if (tau >= D) return total;
  if (tau < a0) return (V / 2) * (tau - (a0 / Math.PI) * Math.sin((Math.PI * tau) / a0));
  const cruise = D - a0 - a1;
  if (tau <= a0 + cruise) {
    const u = tau - a0;
    const w = (2 * Math.PI * k) / cruise;
    return (V * a0) / 2 + V * (u + (c * (1 - Math.cos(w * u))) / w);
  }
  const u = D - tau;
  return total - (V / 2) * (u - (a1 / Math.PI) * Math.sin((Math.PI * u) / a1));
}

/** Highest speed reached by tau seconds (sampled; exact enough for statistics). */
export function maxSpeedUpTo(s: LegShape, tau: number): number {
  const end = Math.min(tau, s.D);
  if (end <= 0) return 0;
  if (end >= s.a0 + Math.min(s.D - s.a0 - s.a1, (s.D - s.a0 - s.a1) / s.k)) return s.V * (1 + s.c);
  let m = 0;
  for (let i = 1; i <= 24; i++) m = Math.max(m, speedAt(s, (end * i) / 24));
  return m;
}

/** First tau at which speed exceeds vMax, or -1. */
export function firstAbove(s: LegShape, vMax: number): number {
  if (s.V * (1 + s.c) <= vMax) return -1;
  if (s.V > vMax * 1.0001) return (s.a0 / Math.PI) * Math.acos(1 - (2 * vMax) / s.V);
  const cruise = s.D - s.a0 - s.a1;
  const q = (vMax / s.V - 1) / s.c;
  return s.a0 + (Math.asin(Math.min(1, Math.max(-1, q))) * cruise) / (2 * Math.PI * s.k);
}

/** tau at which distance reaches d (bisection; distance is non-decreasing). */
export function tauAtDist(s: LegShape, d: number): number {
  let lo = 0;
  let hi = s.D;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (distAt(s, mid) < d) lo = mid;
    else hi = mid;
  }
  return hi;
}
