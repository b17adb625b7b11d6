/**
 * One object's day: a closed loop of streets from its depot bay through today's stops and
 * back, and the legs driven along it. Everything is derived from (seed, object, day).
 */
import { Rng, hash, unit } from '../util/rng';
import { DAY_MS, type World } from '../world/generate';
import type { GeozoneRec, Motion } from '../world/types';
import { shapeFor, type LegShape } from './profile';

export interface Leg {
  t0: number;
  t1: number;
  /** Start along the loop and length, metres. */
  s0: number;
  len: number;
  shape: LegShape;
  ignOn: number;
  ignOff: number;
  fromZone: number;
  toZone: number;
}

export interface DayPlan {
  obj: number;
  day: number;
  dayStart: number;
  xs: Float64Array;
  ys: Float64Array;
  cum: Float64Array;
  /** Loop perimeter, metres. */
  P: number;
  legs: Leg[];
  /** Distance driven over the whole day, metres. */
  distance: number;
  cache?: Record<string, unknown>;
}

const MIN = 60_000;

export function localDay(m: Motion, t: number): number {
  return Math.floor((t + m.tzOffsetMs) / DAY_MS);
}
export function dayStartOf(m: Motion, day: number): number {
  return day * DAY_MS - m.tzOffsetMs;
}

/** Whether the vehicle drives on `day` (pure; no plan needed). */
export function drivesOn(m: Motion, day: number): boolean {
  if (day < m.firstDay || m.neverReported) return false;
  if (m.dense) return true;
  return ((m.restMask >> (((day % 7) + 7) % 7)) & 1) === 0;
}

/** Estimated kilometres of the day: sets the size of the loop and the fuel burnt. */
export function dailyKmEst(seed: number, obj: number, m: Motion, day: number): number {
  if (!drivesOn(m, day)) return 0;
  return m.dailyKmMin + (m.dailyKmMax - m.dailyKmMin) * unit(seed, obj, day, 21);
}

/**
 * Local departure time, ms after local midnight. A shuttle (dense) drives from midnight, stops
 * at its depot 12:00–12:15 (refuel, driver change) and departs again at 12:15: its one stop is
 * at noon, when the rest of the fleet drives too, so something moves at any hour of the day.
 */
export const SHUTTLE_STOP_MS = 12 * 60 * MIN;
export function departureMs(seed: number, obj: number, m: Motion, day: number): number {
  if (m.dense) return SHUTTLE_STOP_MS + 15 * MIN;
  return Math.round((330 + 210 * unit(seed, obj, day, 22)) * MIN);
}

function zoneXY(m: Motion, z: GeozoneRec): [number, number] {
  return [
    (z.Center.Lng - m.homeLng) * 111_320 * Math.cos((m.homeLat * Math.PI) / 180),
    (z.Center.Lat - m.homeLat) * 111_320,
  ];
}

export function buildPlan(world: World, obj: number, day: number): DayPlan {
  const m = world.motion[obj]!;
  const seed = world.seed;
  const dayStart = dayStartOf(m, day);
  const km = dailyKmEst(seed, obj, m, day);
  if (km === 0) {
    return { obj, day, dayStart, xs: new Float64Array([0, 1]), ys: new Float64Array([0, 0]), cum: new Float64Array([0, 1]), P: 1, legs: [], distance: 0 };
  }
  const rng = new Rng(hash(seed, obj, day, 4));
  const depot = world.depots[m.depotId - 1]!;
  const nStops = m.dense ? rng.int(4, 6) : rng.int(2, 5);
  const loopKm = m.dense ? rng.range(25, 45) : km;
  const R = (loopKm * 1000) / ((nStops + 1) * 2.6);
  const stops: { x: number; y: number; zone: number; ang: number }[] = [];
  for (let i = 0; i < nStops; i++) {
    const siteId = depot.siteGeozoneIds[rng.int(0, depot.siteGeozoneIds.length - 1)]!;
    const site = world.plannedGeozones.get(siteId)!;
    const [sx, sy] = zoneXY(m, site);
    const useSite = rng.chance(0.5) && Math.hypot(sx, sy) < R * 1.6 && !stops.some((s) => s.zone === siteId);
    if (useSite) stops.push({ x: sx, y: sy, zone: siteId, ang: Math.atan2(sy, sx) });
    else {
      const ang = rng.range(0, Math.PI * 2);
      const r = rng.range(0.35, 1) * R;
      stops.push({ x: Math.cos(ang) * r, y: Math.sin(ang) * r, zone: 0, ang });
    }
  }
  const turn = rng.range(0, Math.PI * 2);
  stops.sort((a, b) => ((a.ang - turn + 8 * Math.PI) % (2 * Math.PI)) - ((b.ang - turn + 8 * Math.PI) % (2 * Math.PI)));

  // Streets are axis-aligned: each hop is an L or a Z between waypoints.
  const xs: number[] = [0];
  const ys: number[] = [0];
  const wpIndex: number[] = [0];
  const way = [...stops, { x: 0, y: 0, zone: depot.geozoneId, ang: 0 }];
  let px = 0;
  let py = 0;
  for (const w of way) {
    if (rng.chance(0.5)) {
      const mx = px + (w.x - px) * rng.range(0.3, 0.7);
      xs.push(mx, mx);
      ys.push(py, w.y);
    } else if (rng.chance(0.5)) {
      xs.push(w.x);
      ys.push(py);
    } else {
      xs.push(px);
      ys.push(w.y);
    }
    xs.push(w.x);
    ys.push(w.y);
    wpIndex.push(xs.length - 1);
    px = w.x;
    py = w.y;
  }
  const cum = new Float64Array(xs.length);
  for (let i = 1; i < xs.length; i++) cum[i] = cum[i - 1]! + Math.hypot(xs[i]! - xs[i - 1]!, ys[i]! - ys[i - 1]!);
  const P = Math.max(1, cum[cum.length - 1]!);
  const zones = [depot.geozoneId, ...stops.map((s) => s.zone), depot.geozoneId];

  const legs: Leg[] = [];
  let t = dayStart + departureMs(seed, obj, m, day);
  const speedKmh = m.avgSpeedKmh;
  if (m.dense) {
    // Whole laps before and after the noon stop, so the stop is at the depot.
    const laps = Math.max(2, Math.round(km / (P / 1000)));
    const before = Math.floor(laps / 2);
    const stop = dayStart + SHUTTLE_STOP_MS;
    const end = dayStart + DAY_MS;
    const morning = (stop - dayStart) / 1000;
    const afternoon = (end - t) / 1000;
    legs.push({ t0: dayStart, t1: stop, s0: 0, len: before * P, shape: shapeFor(before * P, morning, 40, 40, 0.18, Math.round(morning / 300)), ignOn: dayStart - 2 * MIN, ignOff: stop + MIN, fromZone: 0, toZone: 0 });
    legs.push({ t0: t, t1: end, s0: before * P, len: (laps - before) * P, shape: shapeFor((laps - before) * P, afternoon, 40, 40, 0.18, Math.round(afternoon / 300)), ignOn: t - 2 * MIN, ignOff: end, fromZone: 0, toZone: 0 });
  } else {
    const dayEnd = dayStart + 23.5 * 3600_000;
    const hops = way.length;
    const durs: number[] = [];
    const stopsMs: number[] = [];
    for (let i = 0; i < hops; i++) {
      const len = cum[wpIndex[i + 1]!]! - cum[wpIndex[i]!]!;
      const highway = rng.chance(0.15);
      const v = (speedKmh * (highway ? rng.range(1.45, 1.8) : rng.range(0.75, 1.2))) / 3.6;
      durs.push(Math.max(120, len / v));
      stopsMs.push(i === hops - 1 ? 0 : (i === Math.floor(hops / 2) ? rng.range(40, 75) : rng.range(10, 45)) * MIN);
    }
    const moveMs = durs.reduce((a, b) => a + b, 0) * 1000;
    const stopTotal = stopsMs.reduce((a, b) => a + b, 0);
    const avail = dayEnd - t;
    const squeeze = moveMs + stopTotal > avail ? Math.max(0.2, (avail - moveMs) / stopTotal) : 1;
    const speedup = moveMs + stopTotal * squeeze > avail ? (moveMs + stopTotal * squeeze) / avail : 1;
    for (let i = 0; i < hops; i++) {
      const s0 = cum[wpIndex[i]!]!;
      const len = cum[wpIndex[i + 1]!]! - s0;
      const D = Math.max(60, Math.round(durs[i]! / speedup));
      const harsh = rng.chance(0.12);
      const a0 = Math.min(D / 4, rng.range(15, 40));
      const a1 = harsh ? 4 : Math.min(D / 4, rng.range(15, 35));
      const shape = shapeFor(len, D, a0, a1, rng.range(0.06, 0.14), Math.max(1, Math.round(D / 240)));
      const t0 = Math.round(t);
      const t1 = t0 + D * 1000;
      const ignOn = t0 - Math.round(rng.range(0.5, 4) * MIN);
      const ignOff = t1 + Math.round(rng.range(0.3, 3) * MIN);
      legs.push({ t0, t1, s0, len, shape, ignOn, ignOff, fromZone: zones[i]!, toZone: zones[i + 1]! });
      t = t1 + Math.max(8 * MIN, stopsMs[i]! * squeeze);
    }
  }
  return {
    obj, day, dayStart,
    xs: Float64Array.from(xs), ys: Float64Array.from(ys), cum, P,
    legs,
    distance: legs.reduce((a, l) => a + l.len, 0),
  };
}

/**
 * Plans are cached (least recently used out, bounded): one day of one object is asked for many
 * times. Not first in, first out: a status walks every object's days in the same order each
 * time, and once one object's day rolled over, each plan added pushed out one the same walk
 * still needed, so the whole cache was rebuilt (8 s of a 50,000-object status at times).
 */
export class PlanCache {
  private map = new Map<number, DayPlan>();
  /** The last plan asked for per object: live status asks for today's plan of every object. */
  private recent: (DayPlan | undefined)[] = [];
  /**
   * A status or the event feed asks two or three days of every object; a bound below that
   * evicts each plan before its next use, and at 100,000 objects every body rebuilt them all.
   */
  private max: number;
  constructor(private world: World, max?: number) {
    this.max = max ?? Math.max(120_000, world.objects.size * 3);
  }
  get(obj: number, day: number): DayPlan {
    const r = this.recent[obj];
    if (r !== undefined && r.day === day) return r;
    const p = this.lookup(obj, day);
    this.recent[obj] = p;
    return p;
  }
  private lookup(obj: number, day: number): DayPlan {
    const key = day * 1_048_576 + obj;
    let p = this.map.get(key);
    if (p) {
      // A Map iterates in insertion order: set again, it is the newest.
      this.map.delete(key);
      this.map.set(key, p);
    } else {
      p = buildPlan(this.world, obj, day);
      if (this.map.size >= this.max) {
        const first = this.map.keys().next();
        if (!first.done) this.map.delete(first.value);
      }
      this.map.set(key, p);
    }
    return p;
  }
}
