/**
 * Simulated vehicles rest on some weekdays (simulator/motion/plan.ts): a spec that opens the
 * History of the last day or two must pick one that drove on each of them, or the track it
 * expects is empty on the wrong day of the week.
 */
import type { SimulatorHandle } from '../../../simulator';
import { drivesOn, localDay } from '../../../simulator/motion/plan';

type Motion = SimulatorHandle['sim']['world']['motion'][number];

/** The vehicle drove on every local day from `from` to `till`. */
export function droveThrough(m: Motion, from: number, till: number): boolean {
  for (let day = localDay(m, from); day <= localDay(m, till); day++) if (!drivesOn(m, day)) return false;
  return true;
}
