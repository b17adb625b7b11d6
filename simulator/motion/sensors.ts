/**
 * Sensor readings, fuel and daily statistics as pure functions of time, derived from the
 * same plans as the track so they agree with it (ignition with legs, fuel with distance).
 */
import { unit } from '../util/rng';
import { DAY_MS, fuelTable, rawFuel } from '../world/generate';
import type { Motion } from '../world/types';
import { ambientAt, ambientOf, lowBatteryVolts } from './ambient';
import { dailyKmEst, dayStartOf, departureMs, drivesOn, localDay } from './plan';
import { distAt, maxSpeedUpTo } from './profile';
import type { Tracker } from './track';

const MIN = 60_000;

export interface DayStat {
  ObjectId: number;
  Day: number;
  Length: number;
  MoveTime: number;
  ParkTime: number;
  IdleTime: number;
  EngineTime: number;
  AvgSpeed: number;
  MaxSpeed: number;
  Fuel: number;
}

export class Sensors {
  constructor(private tr: Tracker) {}

  private get seed(): number {
    return this.tr.world.seed;
  }

  cycleDays(m: Motion): number {
    return Math.max(1, Math.floor((0.7 * m.tankL) / (m.dailyKmMax * m.litresPerKm)));
  }

  litresOfDay(obj: number, m: Motion, day: number): number {
    return dailyKmEst(this.seed, obj, m, day) * m.litresPerKm;
  }

  refuelTime(obj: number, m: Motion, day: number): number {
    return dayStartOf(m, day) + (drivesOn(m, day) ? departureMs(this.seed, obj, m, day) - 15 * MIN : 6 * 60 * MIN);
  }

  isRefuelDay(obj: number, m: Motion, day: number): boolean {
    const c = this.cycleDays(m);
    return day >= m.firstDay && (((day - obj) % c) + c) % c === 0;
  }

  fullLevel(obj: number, m: Motion, day: number): number {
    return m.tankL * (0.92 + 0.06 * unit(this.seed, obj, day, 31));
  }

  drain(obj: number, m: Motion, day: number): { time: number; litres: number } | undefined {
    if (day <= m.firstDay || unit(this.seed, obj, day, 32) >= 0.02) return undefined;
    return {
      time: dayStartOf(m, day) + Math.round((150 + 60 * unit(this.seed, obj, day, 33)) * MIN),
      litres: Math.round(m.tankL * (0.08 + 0.07 * unit(this.seed, obj, day, 34)) * 10) / 10,
    };
  }

  /**
   * Litres drained in (a, b]. By time, not by day: the round-the-clock shuttle refuels at
   * midnight and is drained later the same day, and counting only the drains of the days
   * after a refuel's left such a drain out of the level (an event said 46 l were drained;
   * the probe never showed it).
   */
  drainedBetween(obj: number, m: Motion, a: number, b: number): number {
    let litres = 0;
    for (let j = localDay(m, a); j <= localDay(m, b); j++) {
      const dr = this.drain(obj, m, j);
      if (dr && dr.time > a && dr.time <= b) litres += dr.litres;
    }
    return litres;
  }

  /** Fraction of the day's distance driven by t. */
  fraction(obj: number, t: number): number {
    const l = this.tr.locus(obj, t);
    return l.plan.distance > 0 ? l.s / l.plan.distance : 0;
  }

  fuelLevel(obj: number, t: number, frac?: number): number {
    const m = this.tr.motion(obj);
    const d = localDay(m, t);
    const c = this.cycleDays(m);
    let r = d - ((((d - obj) % c) + c) % c);
    if (r === d && t < this.refuelTime(obj, m, d)) r -= c;
    let level: number;
    if (r < m.firstDay) {
      r = m.firstDay;
      level = m.tankL * 0.6;
    } else level = this.filledOn(obj, m, r);
    for (let j = r; j < d; j++) level -= this.litresOfDay(obj, m, j);
    level -= this.drainedBetween(obj, m, r === m.firstDay ? dayStartOf(m, r) : this.refuelTime(obj, m, r), t);
    level -= this.litresOfDay(obj, m, d) * (frac ?? this.fraction(obj, t));
    return Math.max(0, Math.round(level * 10) / 10);
  }

  /**
   * Level just after the refuel of day `r`. A refuel tops the tank up and never lowers it:
   * after a cycle with little driving (a rest day) the tank may still hold more than this
   * refuel's full level, and resetting to it made the level fall by up to 6 % of the tank,
   * parked with the engine off, with no event: a drain in the data that the service's own
   * events deny.
   */
  private filledOn(obj: number, m: Motion, r: number, depth = 0): number {
    const full = this.fullLevel(obj, m, r);
    const p = r - this.cycleDays(m);
    if (p < m.firstDay || depth >= 8) return full;
    let burnt = this.drainedBetween(obj, m, this.refuelTime(obj, m, p), this.refuelTime(obj, m, r));
    for (let j = p; j < r; j++) burnt += this.litresOfDay(obj, m, j);
    // Full levels lie within 92–98 % of the tank: a cycle that burnt 6 % cannot end above this one.
    if (m.tankL * 0.98 - burnt <= full) return full;
    return Math.max(full, this.filledOn(obj, m, p, depth + 1) - burnt);
  }

  ignition(obj: number, t: number): boolean {
    const m = this.tr.motion(obj);
    const plan = this.tr.plans.get(obj, localDay(m, t));
    return plan.legs.some((l) => t >= l.ignOn && t < l.ignOff);
  }

  door(obj: number, t: number): boolean {
    const m = this.tr.motion(obj);
    const plan = this.tr.plans.get(obj, localDay(m, t));
    if (m.dense) return false;
    if (ambientAt(ambientOf(this.seed, m, plan), 'door', t)) return true;
    return plan.legs.some((l, i) => {
      const open = l.t1 + MIN;
      return t >= open && t < open + (2 + 2 * unit(this.seed, obj, plan.day, i, 35)) * MIN;
    });
  }

  temperature(obj: number, t: number, ign = this.ignition(obj, t)): number {
    const m = this.tr.motion(obj);
    const hour = (((t + m.tzOffsetMs) % DAY_MS) + DAY_MS) % DAY_MS / 3600_000;
    const v = 9 + 7 * Math.sin((2 * Math.PI * (hour - 9)) / 24) + (ign ? 1.5 : 0) + 0.6 * unit(this.seed, obj, Math.floor(t / 600_000), 36);
    return Math.round(v * 10) / 10;
  }

  voltage(obj: number, t: number, ign = this.ignition(obj, t)): number {
    if (!ign) {
      // The power cuts and flat batteries of ambient.ts, so the readings agree with their events.
      const m = this.tr.motion(obj);
      const amb = ambientOf(this.seed, m, this.tr.plans.get(obj, localDay(m, t)));
      if (amb.length && ambientAt(amb, 'power', t)) return 0;
      if (amb.length && ambientAt(amb, 'battery', t)) return lowBatteryVolts(this.seed, obj, t);
    }
    const base = ign ? 13.9 : 12.5;
    return Math.round((base + 0.3 * unit(this.seed, obj, Math.floor(t / 60_000), 37)) * 100) / 100;
  }

  /** Reading of sensor `kind` (1..5, see SensorKind) at t. */
  value(obj: number, kind: number, t: number): number {
    switch (kind) {
      case 1: return this.ignition(obj, t) ? 1 : 0;
      case 2: return this.fuelRaw(obj, t);
      case 3: return this.temperature(obj, t);
      case 4: return this.voltage(obj, t);
      default: return this.door(obj, t) ? 1 : 0;
    }
  }

  /** All five readings at t, sharing one plan lookup (the hot path of ObjectsStatus). */
  all(obj: number, t: number): [number, number, number, number, number] {
    const ign = this.ignition(obj, t);
    return [ign ? 1 : 0, this.fuelRaw(obj, t), this.temperature(obj, t, ign), this.voltage(obj, t, ign), this.door(obj, t) ? 1 : 0];
  }

  /**
   * What the fuel probe sends: the raw reading that the sensor's CalibrationTable turns
   * into fuelLevel() litres. Reports and events speak litres; the wire speaks raw.
   */
  fuelRaw(obj: number, t: number): number {
    const m = this.tr.motion(obj);
    let table = this.tables.get(m.tankL);
    if (!table) this.tables.set(m.tankL, (table = fuelTable(m.tankL)));
    return rawFuel(table, this.fuelLevel(obj, t));
  }
  private readonly tables = new Map<number, { X: number; Y: number }[]>();

  /** Driver key attached on `day` (pure), with the time it was presented. */
  driverOn(obj: number, day: number): { DriverId: number; Name: string; UId: string; Time: number } | undefined {
    const m = this.tr.motion(obj);
    if (!drivesOn(m, day)) return undefined;
    const rec = this.tr.world.objects.get(obj);
    const drivers = this.tr.world.driversByCompany.get(rec?.CompanyId ?? 1) ?? [];
    const d = drivers[Math.floor(unit(this.seed, obj, day, 41) * drivers.length)];
    if (!d) return undefined;
    return { ...d, Time: dayStartOf(m, day) + departureMs(this.seed, obj, m, day) - 5 * MIN };
  }

  /**
   * Statistics of local `day` up to `upTo` (clipped to the device's data window). The last one
   * per object is kept: every status asks each parked object's day up to the same last fix, and
   * walking three days of plans for all of them took seconds once the feed had asked for older days.
   */
  dayStat(obj: number, day: number, upTo: number): DayStat {
    const m = this.tr.motion(obj);
    const [ws, we] = this.tr.window(obj);
    const dayStart = dayStartOf(m, day);
    const end = Math.min(upTo, dayStart + DAY_MS, we);
    const from = Math.max(dayStart, ws);
    const kept = this.lastStat.get(obj);
    if (kept && kept.m === m && kept.day === day && kept.from === from && kept.end === end) return kept.stat;
    const stat = this.walkDay(obj, m, day, dayStart, from, end);
    this.lastStat.set(obj, { m, day, from, end, stat });
    return stat;
  }
  private readonly lastStat = new Map<number, { m: Motion; day: number; from: number; end: number; stat: DayStat }>();

  private walkDay(obj: number, m: Motion, day: number, dayStart: number, from: number, end: number): DayStat {
    let move = 0;
    let engine = 0;
    let dist = 0;
    let vmax = 0;
    let litres = 0;
    const ov = (a: number, b: number): number => Math.max(0, Math.min(b, end) - Math.max(a, from));
    // The neighbouring days' legs too: ignition on before midnight or a leg running past it counts in the day it runs in,
    // so the days of an interval add up to its Moto and Counters reports.
    for (const d of [day - 1, day, day + 1]) {
      const plan = this.tr.plans.get(obj, d);
      let planDist = 0;
      for (const l of plan.legs) {
        if (ov(l.t0, l.t1) === 0 && ov(l.ignOn, l.ignOff) === 0) continue;
        move += ov(l.t0, l.t1);
        engine += ov(l.ignOn, l.ignOff);
        const a = Math.max(0, (from - l.t0) / 1000);
        const b = Math.min(l.shape.D, (end - l.t0) / 1000);
        if (b <= a) continue;
        const part = (b >= l.shape.D ? l.len : distAt(l.shape, b)) - (a > 0 ? distAt(l.shape, a) : 0);
        planDist += part;
        vmax = Math.max(vmax, maxSpeedUpTo(l.shape, b));
      }
      dist += planDist;
      if (plan.distance > 0) litres += this.litresOfDay(obj, m, d) * (planDist / plan.distance);
    }
    const span = Math.max(0, end - from);
    const km = dist / 1000;
    return {
      ObjectId: obj,
      Day: dayStart,
      Length: Math.round(km * 100) / 100,
      MoveTime: Math.round(move / 1000),
      ParkTime: Math.round(Math.max(0, span - move) / 1000),
      IdleTime: Math.round(Math.max(0, engine - move) / 1000),
      EngineTime: Math.round(engine / 1000),
      AvgSpeed: move > 0 ? Math.round((km / (move / 3600_000)) * 10) / 10 : 0,
      MaxSpeed: Math.round(vmax * 3.6 * 10) / 10,
      Fuel: Math.round(litres * 10) / 10,
    };
  }
}
