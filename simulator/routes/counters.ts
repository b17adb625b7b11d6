/** Odometer and engine hours: anchored at the service start, so only a few days are summed. */
import { localDay } from '../motion/plan';
import type { Sim } from '../sim';
import { DAY_MS } from '../world/generate';

export function counters(sim: Sim, obj: number, t: number): { Odometer: number; EngineHours: number } {
  const b = driven(sim, obj, t);
  const offKm = sim.store.odometerOffsetKm.get(obj) ?? 0;
  const offH = sim.store.engineOffsetH.get(obj) ?? 0;
  return { Odometer: round(b.Odometer + offKm, 1), EngineHours: round(b.EngineHours + offH, 2) };
}

/**
 * The counters from driving alone, unrounded: a sync sets its offset against these, so the
 * value read back is exactly the value synced (not off by the rounding of the reading).
 */
export function driven(sim: Sim, obj: number, t: number): { Odometer: number; EngineHours: number } {
  const m = sim.world.motion[obj];
  if (!m || m.neverReported) return { Odometer: 0, EngineHours: 0 };
  const anchor = localDay(m, sim.startTime);
  const day = localDay(m, Math.min(t, sim.tracker.window(obj)[1]));
  let km = m.odometerBaseKm;
  let hours = m.odometerBaseKm / 45;
  const full = (d: number): { km: number; h: number } => {
    const s = sim.sensors.dayStat(obj, d, Infinity);
    return { km: s.Length, h: s.EngineTime / 3600 };
  };
  for (let d = anchor; d < day; d++) {
    const f = full(d);
    km += f.km;
    hours += f.h;
  }
  for (let d = day; d < anchor; d++) {
    const f = full(d);
    km -= f.km;
    hours -= f.h;
  }
  const today = sim.sensors.dayStat(obj, day, t);
  return { Odometer: km + today.Length, EngineHours: hours + today.EngineTime / 3600 };
}

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;
export { DAY_MS };
