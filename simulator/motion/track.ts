/** Where an object is at any instant, and the data window its device covers. */
import { hash } from '../util/rng';
import type { World } from '../world/generate';
import type { Motion } from '../world/types';
import { dayStartOf, localDay, type DayPlan, type Leg, PlanCache } from './plan';
import { distAt, speedAt } from './profile';

export interface Fix {
  Lat: number;
  Lng: number;
  Alt: number;
  Time: number;
  /** km/h */
  Speed: number;
  heading: number;
  Sat: number;
  Accuracy: number;
  moving: boolean;
}

export interface Locus {
  plan: DayPlan;
  leg: Leg | undefined;
  moving: boolean;
  /** Along-loop distance driven today, metres (not reduced modulo the loop). */
  s: number;
  /** m/s */
  v: number;
}

const R2D = 180 / Math.PI;

export class Tracker {
  readonly plans: PlanCache;
  constructor(readonly world: World, readonly now: () => number, readonly hz: number) {
    this.plans = new PlanCache(world);
  }

  motion(obj: number): Motion {
    return this.world.motion[obj]!;
  }

  /** Sampling period of moving history, ms. */
  get periodMs(): number {
    return Math.max(1, Math.round(1000 / this.hz));
  }

  /** [start, end) of the device's data; end < start when it never reported. */
  window(obj: number): [number, number] {
    const m = this.world.motion[obj];
    if (!m || m.neverReported) return [1, 0];
    return [dayStartOf(m, m.firstDay), Math.min(this.now(), m.offlineSince)];
  }

  locus(obj: number, t: number): Locus {
    const m = this.world.motion[obj]!;
    const plan = this.plans.get(obj, localDay(m, t));
    const legs = plan.legs;
    for (let i = legs.length - 1; i >= 0; i--) {
      const leg = legs[i]!;
      if (t < leg.t0) continue;
      if (t < leg.t1) {
        const tau = (t - leg.t0) / 1000;
        return { plan, leg, moving: true, s: leg.s0 + distAt(leg.shape, tau), v: speedAt(leg.shape, tau) };
      }
      return { plan, leg, moving: false, s: leg.s0 + leg.len, v: 0 };
    }
    return { plan, leg: undefined, moving: false, s: 0, v: 0 };
  }

  fixAt(obj: number, t: number): Fix {
    const m = this.world.motion[obj]!;
    const l = this.locus(obj, t);
    const { plan } = l;
    let s = l.s % plan.P;
    // Parked exactly at the loop's end: report the arrival point and heading.
    if (s === 0 && l.s > 0) s = plan.P;
    const { cum, xs, ys } = plan;
    let lo = 1;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    if (s === 0) lo = cum.length - 1;
    const a = lo - 1;
    const segLen = cum[lo]! - cum[a]! || 1;
    const f = s === 0 ? 1 : Math.min(1, Math.max(0, (s - cum[a]!) / segLen));
    const dx = xs[lo]! - xs[a]!;
    const dy = ys[lo]! - ys[a]!;
    const x = xs[a]! + dx * f;
    const y = ys[a]! + dy * f;
    const h = hash(this.world.seed, obj, Math.floor(t / 1000));
    const coslat = Math.cos((m.homeLat * Math.PI) / 180);
    return {
      Lat: round6(m.homeLat + y / 111_320),
      Lng: round6(m.homeLng + x / (111_320 * coslat)),
      Alt: Math.round(m.alt + 12 * Math.sin(x / 1700) + 9 * Math.cos(y / 2300)),
      Time: t,
      Speed: Math.round(l.v * 3.6 * 10) / 10,
      heading: Math.round((Math.atan2(dx, dy) * R2D + 360) % 360),
      Sat: 7 + (h % 8),
      Accuracy: 1 + ((h >>> 8) % 40) / 10,
      moving: l.moving,
    };
  }

  /** The last fix the device sent at or before `at` (moving: on the sampling grid; parked: a 1 min heartbeat). */
  lastFix(obj: number, at: number): Fix | undefined {
    const t = this.lastFixTime(obj, at);
    return t === undefined ? undefined : this.fixAt(obj, t);
  }

  /** When that last fix was sent, without working out where (what a status poll checks first). */
  lastFixTime(obj: number, at: number): number | undefined {
    const [start, end] = this.window(obj);
    const t = Math.min(at, end);
    if (t < start) return undefined;
    const p = this.periodMs;
    const moving = this.locus(obj, t).moving;
    const ts = moving ? Math.floor(t / p) * p : Math.floor(t / 60_000) * 60_000;
    return Math.max(start, ts);
  }
}

export function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
