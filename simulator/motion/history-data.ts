/** The non-track parts of a history: sensor series, files, violations. */
import { unit } from '../util/rng';
import { EventBit } from '../world/generate';
import type { ObjectRec } from '../world/types';
import type { Sim } from '../sim';
import { ambientOf } from './ambient';
import { localDay } from './plan';
import type { RawEvent } from './events';

export interface FileJson {
  ObjectId: number;
  Time: number;
  Type: string;
  Uid: string;
}

export const photoUid = (obj: number, time: number): string => `ph-${obj}-${time}`;

export function filesBetween(sim: Sim, o: ObjectRec, events: RawEvent[], from: number, till: number): FileJson[] {
  const out: FileJson[] = events
    .filter((e) => e.Type === EventBit.Photo)
    .map((e) => ({ ObjectId: o.Id, Time: e.Time, Type: 'image/png', Uid: photoUid(o.Id, e.Time) }));
  for (const f of sim.store.files.values()) {
    if (f.ObjectId === o.Id && f.Time >= from && f.Time <= till) out.push({ ObjectId: f.ObjectId, Time: f.Time, Type: f.Type, Uid: f.Uid });
  }
  return out.sort((a, b) => a.Time - b.Time);
}

/** Times at which discrete sensors change, within the span. */
function transitions(sim: Sim, obj: number, kind: number, lo: number, hi: number): number[] {
  const m = sim.world.motion[obj]!;
  const out: number[] = [];
  for (let d = localDay(m, lo); d <= localDay(m, hi); d++) {
    const plan = sim.tracker.plans.get(obj, d);
    plan.legs.forEach((l, i) => {
      if (kind === 1) out.push(l.ignOn, l.ignOff);
      else if (!m.dense) {
        const open = l.t1 + 60_000;
        out.push(open, open + Math.round((2 + 2 * unit(sim.world.seed, obj, plan.day, i, 35)) * 60_000));
      }
    });
    if (kind === 5 && !m.dense) for (const a of ambientOf(sim.world.seed, m, plan)) if (a.kind === 'door') out.push(a.time, a.until);
  }
  return out.filter((t) => t > lo && t <= hi).sort((a, b) => a - b);
}

export function sensorHistory(sim: Sim, o: ObjectRec, from: number, till: number): { SensorId: number; Intervals: { From: number; Till: number; Values: { Time: number; Value: number }[] }[] }[] {
  const [ws, we] = sim.tracker.window(o.Id);
  const lo = Math.max(from, ws);
  const hi = Math.min(till, we);
  if (hi <= lo) return o.Sensors.map((s) => ({ SensorId: s.Id, Intervals: [] }));
  return o.Sensors.map((s) => {
    const kind = s.Id % 10;
    const values: { Time: number; Value: number }[] = [{ Time: lo, Value: sim.sensors.value(o.Id, kind, lo) }];
    if (kind === 1 || kind === 5) {
      for (const t of transitions(sim, o.Id, kind, lo, hi)) values.push({ Time: t, Value: sim.sensors.value(o.Id, kind, t) });
    } else {
      let t = Math.floor(lo / 60_000) * 60_000 + 60_000;
      while (t <= hi) {
        values.push({ Time: t, Value: sim.sensors.value(o.Id, kind, t) });
        const on = sim.sensors.ignition(o.Id, t);
        t = on ? t + 60_000 : Math.floor(t / 600_000) * 600_000 + 600_000;
      }
    }
    return { SensorId: s.Id, Intervals: [{ From: lo, Till: hi, Values: values }] };
  });
}

export function violations(sim: Sim, o: ObjectRec, events: RawEvent[]): {
  SpeedViolations: { Time: number; Speed: number; MaxSpeed: number; Lat: number; Lng: number }[];
  AccelerationViolations: { Time: number; Value: number; Lat: number; Lng: number }[];
  BrakingViolations: { Time: number; Value: number; Lat: number; Lng: number }[];
  TurningViolations: { Time: number; Value: number; Lat: number; Lng: number }[];
  AccelerometerFaulty: boolean;
} {
  const faulty = unit(sim.world.seed, o.Id, 51) < 0.05;
  const at = (t: number): { Lat: number; Lng: number } => {
    const f = sim.tracker.fixAt(o.Id, t);
    return { Lat: f.Lat, Lng: f.Lng };
  };
  return {
    SpeedViolations: events.filter((e) => e.Type === EventBit.Speeding).map((e) => ({ Time: e.Time, Speed: e.value ?? 0, MaxSpeed: o.MaxSpeed, ...at(e.Time) })),
    AccelerationViolations: [],
    BrakingViolations: faulty ? [] : events.filter((e) => e.Type === EventBit.HarshBraking).map((e) => ({ Time: e.Time, Value: e.value ?? 0, ...at(e.Time) })),
    TurningViolations: [],
    AccelerometerFaulty: faulty,
  };
}
