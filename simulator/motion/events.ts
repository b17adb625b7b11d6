/**
 * Events of one object's day, derived from its plan so they agree with the track:
 * ignition with the legs, geozone exit/enter where the track crosses the zone edge,
 * speeding where speed first passes MaxSpeed, harsh braking on short stops, fuel steps;
 * and at every hour, night included, the ambient alarms of ambient.ts.
 */
import { unit } from '../util/rng';
import { ambientOf, isNightHour, lowBatteryVolts, type Ambient } from './ambient';
import { EventBit } from '../world/generate';
import type { GeozoneRec } from '../world/types';
import type { DayPlan, Leg } from './plan';
import { firstAbove, speedAt, tauAtDist } from './profile';
import type { Sensors } from './sensors';
import type { Tracker } from './track';

export interface RawEvent {
  Id: number;
  ObjectId: number;
  Time: number;
  Type: number;
  Status: number;
  Text: string;
  /** The event kind bit that picks the EventSettings rule (0: system event). */
  rule: number;
  /** Extra facts for reports and violations. */
  zoneId?: number;
  value?: number;
}

const minutes = (a: Ambient): number => Math.round((a.until - a.time) / 60_000);

/** The event an ambient condition raises when it starts. */
function ambientEvent(a: Ambient, seed: number, obj: number): Omit<RawEvent, 'Id' | 'ObjectId'> {
  const t = a.time;
  switch (a.kind) {
    case 'parking': return { Time: t, Type: EventBit.Alarm, Status: 2, Text: 'Parking alarm: shock sensor triggered', rule: 0 };
    case 'door': return { Time: t, Type: EventBit.DoorOpen, Status: isNightHour(a.hour) ? 1 : 0, Text: `Cargo door opened while parked (${minutes(a)} min)`, rule: EventBit.DoorOpen };
    case 'power': return { Time: t, Type: EventBit.PowerCut | EventBit.Alarm, Status: 2, Text: `External power cut: on backup battery for ${minutes(a)} min`, rule: 0 };
    case 'battery': {
      const v = lowBatteryVolts(seed, obj, t);
      return { Time: t, Type: EventBit.LowBattery, Status: 1, Text: `Low vehicle battery: ${v} V`, rule: 0, value: v };
    }
    case 'towing': return { Time: t, Type: EventBit.Towing | EventBit.Alarm, Status: 2, Text: 'Towing alarm: tilted with the ignition off', rule: 0 };
    default: return { Time: t, Type: EventBit.ConnectionLost, Status: 1, Text: `Tracker offline for ${minutes(a)} min (no GSM coverage); buffered data sent on reconnect`, rule: 0 };
  }
}

export const eventId = (day: number, obj: number, idx: number): number => (day * 1_048_576 + obj) * 256 + idx;

function inside(z: GeozoneRec, lat: number, lng: number): boolean {
  const coslat = Math.cos((z.Center.Lat * Math.PI) / 180);
  if (z.Type === 'Circle') {
    const dx = (lng - z.Center.Lng) * 111_320 * coslat;
    const dy = (lat - z.Center.Lat) * 111_320;
    return Math.hypot(dx, dy) <= z.Radius;
  }
  let c = false;
  const pts = z.Points;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i]!;
    const b = pts[j]!;
    if (a.Lat > lat !== b.Lat > lat && lng < ((b.Lng - a.Lng) * (lat - a.Lat)) / (b.Lat - a.Lat) + a.Lng) c = !c;
  }
  return c;
}

export class Events {
  constructor(private tr: Tracker, private sensors: Sensors) {}

  private latLng(plan: DayPlan, s: number, obj: number): [number, number] {
    const m = this.tr.motion(obj);
    const { cum, xs, ys } = plan;
    const ss = Math.min(Math.max(0, s), plan.P);
    let i = 1;
    while (i < cum.length - 1 && cum[i]! < ss) i++;
    const f = (ss - cum[i - 1]!) / (cum[i]! - cum[i - 1]! || 1);
    const x = xs[i - 1]! + (xs[i]! - xs[i - 1]!) * f;
    const y = ys[i - 1]! + (ys[i]! - ys[i - 1]!) * f;
    return [m.homeLat + y / 111_320, m.homeLng + x / (111_320 * Math.cos((m.homeLat * Math.PI) / 180))];
  }

  /** Distance into the leg where the track leaves (exit) or enters (enter) the zone, or -1. */
  private crossing(plan: DayPlan, leg: Leg, zoneId: number, obj: number, exit: boolean): number {
    const z = this.tr.world.plannedGeozones.get(zoneId);
    if (!z) return -1;
    const at = (d: number): boolean => {
      const [la, ln] = this.latLng(plan, leg.s0 + d, obj);
      return inside(z, la, ln);
    };
    // Zones are at most ~800 m across, so the edge is near the leg's ends: step 40 m, then bisect.
    const refine = (lo: number, hi: number): number => {
      for (let i = 0; i < 8; i++) {
        const mid = (lo + hi) / 2;
        if (at(mid) === exit) lo = mid;
        else hi = mid;
      }
      return hi;
    };
    if (exit) {
      if (!at(0)) return -1;
      for (let d = 40; d < Math.min(leg.len, 2500); d += 40) if (!at(d)) return refine(d - 40, d);
    } else {
      if (!at(leg.len)) return -1;
      for (let d = leg.len - 40; d > Math.max(0, leg.len - 2500); d -= 40) if (!at(d)) return refine(d, d + 40);
    }
    return -1;
  }

  forPlan(plan: DayPlan): RawEvent[] {
    const cache = (plan.cache ??= {});
    const obj = plan.obj;
    const o = this.tr.world.objects.get(obj);
    // Speeding depends on MaxSpeed, which PUT /api/Objects may change.
    if (cache.events && cache.maxSpeed === o?.MaxSpeed) return cache.events as RawEvent[];
    const m = this.tr.motion(obj);
    const maxSpeed = (o?.MaxSpeed ?? 90) / 3.6;
    const seed = this.tr.world.seed;
    const out: Omit<RawEvent, 'Id' | 'ObjectId'>[] = [];
    const s = this.sensors;
    const drain = s.drain(obj, m, plan.day);
    if (drain) out.push({ Time: drain.time, Type: EventBit.FuelDrain | EventBit.Alarm, Status: 2, Text: `Fuel drain: ${drain.litres} l`, rule: EventBit.FuelDrain, value: drain.litres });
    if (s.isRefuelDay(obj, m, plan.day) && plan.day > m.firstDay) {
      const t = s.refuelTime(obj, m, plan.day);
      const added = Math.round((s.fuelLevel(obj, t) - s.fuelLevel(obj, t - 1)) * 10) / 10;
      if (added > 0) out.push({ Time: t, Type: EventBit.Refuel, Status: 0, Text: `Refuelled ${added} l`, rule: EventBit.Refuel, value: added });
    }
    plan.legs.forEach((leg, i) => {
      const zoneName = (id: number): string => this.tr.world.plannedGeozones.get(id)?.Name ?? `zone ${id}`;
      out.push({ Time: leg.ignOn, Type: EventBit.IgnitionOn, Status: 0, Text: 'Ignition on', rule: EventBit.IgnitionOn });
      if (leg.fromZone) {
        const d = this.crossing(plan, leg, leg.fromZone, obj, true);
        if (d >= 0) out.push({ Time: leg.t0 + Math.round(tauAtDist(leg.shape, d) * 1000), Type: EventBit.GeozoneExit, Status: 0, Text: `Left ${zoneName(leg.fromZone)}`, rule: EventBit.GeozoneExit, zoneId: leg.fromZone });
      }
      const above = firstAbove(leg.shape, maxSpeed);
      if (above >= 0) {
        const peak = Math.round(leg.shape.V * (1 + leg.shape.c) * 3.6);
        out.push({ Time: leg.t0 + Math.ceil(above * 1000) + 1000, Type: EventBit.Speeding, Status: 1, Text: `Speeding: up to ${peak} km/h, limit ${Math.round(maxSpeed * 3.6)} km/h`, rule: EventBit.Speeding, value: peak });
      }
      if (leg.shape.a1 <= 5 && leg.shape.D > 30) {
        const tau = leg.shape.D - leg.shape.a1 / 2;
        const decel = Math.round(((Math.PI * leg.shape.V) / (2 * leg.shape.a1)) * 10) / 10;
        out.push({ Time: leg.t0 + Math.round(tau * 1000), Type: EventBit.HarshBraking, Status: 1, Text: `Harsh braking: ${decel} m/s² from ${Math.round(speedAt(leg.shape, leg.shape.D - leg.shape.a1) * 3.6)} km/h`, rule: EventBit.HarshBraking, value: decel });
      }
      if (leg.toZone) {
        const d = this.crossing(plan, leg, leg.toZone, obj, false);
        if (d >= 0) out.push({ Time: leg.t0 + Math.round(tauAtDist(leg.shape, d) * 1000), Type: EventBit.GeozoneEnter, Status: 0, Text: `Entered ${zoneName(leg.toZone)}`, rule: EventBit.GeozoneEnter, zoneId: leg.toZone });
      }
      out.push({ Time: leg.ignOff, Type: EventBit.IgnitionOff, Status: 0, Text: 'Ignition off', rule: EventBit.IgnitionOff });
      if (m.camera && !m.dense && unit(seed, obj, plan.day, i, 61) < 0.5) {
        out.push({ Time: leg.t1 + 30_000, Type: EventBit.Photo, Status: 0, Text: 'Photo received', rule: EventBit.Photo });
      }
    });
    if (m.dense && m.camera) {
      for (let h = 2; h < 24; h += 6) out.push({ Time: plan.dayStart + h * 3600_000, Type: EventBit.Photo, Status: 0, Text: 'Photo received', rule: EventBit.Photo });
    }
    for (const a of ambientOf(seed, m, plan)) out.push(ambientEvent(a, seed, obj));
    const [ws] = this.tr.window(obj);
    const off = m.offlineSince;
    if (off >= plan.dayStart && off < plan.dayStart + 86_400_000) {
      out.push({ Time: off, Type: EventBit.ConnectionLost, Status: 1, Text: 'Connection lost', rule: 0 });
    }
    const kept = out
      .filter((e) => e.Time >= ws && (e.Time < off || (e.Time === off && e.Type === EventBit.ConnectionLost)))
      .sort((a, b) => a.Time - b.Time);
    const events = kept.map((e, idx) => ({ Id: eventId(plan.day, obj, idx), ObjectId: obj, ...e }));
    cache.events = events;
    cache.maxSpeed = o?.MaxSpeed;
    return events;
  }
}
