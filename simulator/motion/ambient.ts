/**
 * What happens to a vehicle besides its trips, at any hour: parking (shock) alarms, cargo
 * doors opened at the depot, external power cuts, a flat vehicle battery, towing alarms and
 * stretches without GSM coverage. Trips fill the daytime feed; these keep the night's alarm
 * panel from going quiet, as a real fleet's does.
 *
 * Which object has one in which hour is dealt out by (object, hour, day) rather than drawn
 * independently, so a fleet of a few dozen has some in every hour instead of gaps by chance.
 */
import { unit } from '../util/rng';
import type { Motion } from '../world/types';
import type { DayPlan } from './plan';

export type AmbientKind = 'parking' | 'door' | 'power' | 'battery' | 'towing' | 'offline';

export interface Ambient {
  kind: AmbientKind;
  time: number;
  /** End of the condition (door closed, power back, battery recharged, coverage back). */
  until: number;
  /** Local hour it happened in. */
  hour: number;
}

/** Slots of the deal: an object has an ambient event in an hour when its slot is below the hour's share. */
const SLOTS = 16;
const NIGHT_SHARE = 1;
const DAY_SHARE = 2;
const MIN = 60_000;

export const isNightHour = (h: number): boolean => h < 6 || h >= 21;

/** Parked kinds and their weights; a vehicle with the ignition on can only lose coverage. */
const PARKED: [AmbientKind, number][] = [['parking', 0.22], ['door', 0.2], ['power', 0.14], ['battery', 0.16], ['towing', 0.08], ['offline', 0.2]];

function pick(u: number): AmbientKind {
  let acc = 0;
  for (const [k, w] of PARKED) if (u < (acc += w)) return k;
  return 'offline';
}

const LASTS_MIN: Record<AmbientKind, [number, number]> = {
  parking: [0, 0], towing: [0, 0], door: [1, 4], power: [5, 40], battery: [20, 90], offline: [5, 30],
};

/** The day's ambient events of one object, by time (cached on the plan). */
export function ambientOf(seed: number, m: Motion, plan: DayPlan): Ambient[] {
  const cache = (plan.cache ??= {});
  if (cache.ambient) return cache.ambient as Ambient[];
  const out: Ambient[] = [];
  const obj = plan.obj;
  for (let h = 0; h < 24; h++) {
    const slot = (((obj * 7 + h + plan.day * 5) % SLOTS) + SLOTS) % SLOTS;
    if (slot >= (isNightHour(h) ? NIGHT_SHARE : DAY_SHARE)) continue;
    const time = plan.dayStart + h * 3600_000 + Math.floor(unit(seed, obj, plan.day, h, 71) * 3600_000);
    const driving = plan.legs.some((l) => time >= l.ignOn && time < l.ignOff);
    const kind = driving || m.dense ? 'offline' : pick(unit(seed, obj, plan.day, h, 72));
    const [lo, hi] = LASTS_MIN[kind];
    const until = time + Math.round((lo + (hi - lo) * unit(seed, obj, plan.day, h, 73)) * MIN);
    out.push({ kind, time, until, hour: h });
  }
  cache.ambient = out;
  return out;
}

/** The supply voltage read during a flat-battery condition (the event quotes the first reading). */
export function lowBatteryVolts(seed: number, obj: number, t: number): number {
  return Math.round((11.2 + 0.4 * unit(seed, obj, Math.floor(t / MIN), 37)) * 100) / 100;
}

/** The condition of `kind` in force at t, if any. */
export function ambientAt(list: Ambient[], kind: AmbientKind, t: number): Ambient | undefined {
  for (const a of list) if (a.kind === kind && t >= a.time && t < a.until) return a;
  return undefined;
}
