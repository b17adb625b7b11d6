/**
 * Which simulated vehicles a History spec may open. They rest on some weekdays
 * (simulator/motion/plan.ts): a spec that opens the last day or two must pick one that drove on
 * each of them, or the track it expects is empty on the wrong day of the week.
 */
import type { SimulatorHandle } from '../../../simulator';
import { drivesOn, localDay } from '../../../simulator/motion/plan';

type World = SimulatorHandle['sim']['world'];
type Motion = World['motion'][number];
const DAY = 86_400_000;

type Vehicle = World['objects'] extends Map<number, infer O> ? O : never;

/** The demo company's ordinary vehicles (no 1 Hz tracker, reporting now) that have reported for at least `days` days, each with its motion. */
export function ordinaryVehicles(w: World, days: number, now = Date.now()): (Vehicle & { motion: Motion })[] {
  return [...w.objects.values()].flatMap((x) => {
    const m = w.motion[x.Id]!;
    return x.CompanyId === 1 && !m.dense && !m.neverReported && m.offlineSince === Infinity && m.firstDay * DAY < now - days * DAY ? [{ ...x, motion: m }] : [];
  });
}

/** The vehicle drove on every local day from `from` to `till`. */
export function droveThrough(m: Motion, from: number, till: number): boolean {
  for (let day = localDay(m, from); day <= localDay(m, till); day++) if (!drivesOn(m, day)) return false;
  return true;
}
