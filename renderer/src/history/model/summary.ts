/**
 * The interval's figures twice: computed from the track here, and summed from the
 * service's daily statistics. Both are shown, since they are measured differently and
 * an operator settling a dispute needs to see either.
 */
import type { TrackModel } from './track-model';
import { onTime, type SensorView } from './sensors';
import type { Stop, Trip } from './trips';

export interface Figures {
  /** Metres. */
  distance: number;
  /** Milliseconds. */
  moveTime: number;
  parkTime: number;
  idleTime: number | null;
  engineTime: number | null;
  /** km/h. */
  maxSpeed: number;
  avgSpeed: number;
}

/**
 * The parts of the stops inside [from, till), overlapping ones joined, ascending. A stop is
 * stored whole (a night's parking reaches into the days either side) and pieces cut at a
 * window's edge may overlap: summed as they came, one day's parked time read 27–55 h.
 */
export function parkedSpans(stops: readonly Stop[], from: number, till: number): [number, number][] {
  const out: [number, number][] = [];
  for (const s of [...stops].sort((a, b) => a.from - b.from)) {
    const a = Math.max(s.from, from);
    const b = Math.min(s.till, till);
    if (b <= a) continue;
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `interval`: the screen's [from, till); stops count only within it. */
export function figuresFromTrack(
  m: TrackModel,
  trips: readonly Trip[],
  stops: readonly Stop[],
  ignition: SensorView | undefined,
  interval: readonly [number, number],
): Figures {
  let move = 0;
  let dist = 0;
  let vmax = 0;
  for (const t of trips) {
    move += t.till - t.from;
    dist += t.metres;
    vmax = Math.max(vmax, t.maxSpeed);
  }
  if (trips.length === 0 && m.n > 1) dist = m.cum[m.n - 1]!;
  let park = 0;
  let idle: number | null = null;
  const parked = parkedSpans(stops, interval[0], interval[1]);
  for (const [a, b] of parked) park += b - a;
  let engine: number | null = null;
  if (ignition) {
    const c = ignition.series;
    const a = c.time[0]!;
    const b = Math.max(a, m.n ? m.cols.time[m.n - 1]! : a, ...parked.map((s) => s[1]));
    engine = onTime(c, a, b);
    idle = parked.reduce((sum, [x, y]) => sum + onTime(c, x, y), 0);
  }
  return {
    distance: dist,
    moveTime: move,
    parkTime: park,
    idleTime: idle,
    engineTime: engine,
    maxSpeed: vmax,
    avgSpeed: move > 0 ? dist / 1000 / (move / 3600_000) : 0,
  };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Sum of DailyStat records (Length km, times in seconds, speeds km/h) as Figures; null when none. */
export function figuresFromDailyStats(items: readonly Record<string, unknown>[]): Figures | null {
  if (items.length === 0) return null;
  let km = 0;
  let move = 0;
  let park = 0;
  let idle = 0;
  let engine = 0;
  let vmax = 0;
  for (const d of items) {
    km += num(d.Length);
    move += num(d.MoveTime);
    park += num(d.ParkTime);
    idle += num(d.IdleTime);
    engine += num(d.EngineTime);
    vmax = Math.max(vmax, num(d.MaxSpeed));
  }
  return {
    distance: km * 1000,
    moveTime: move * 1000,
    parkTime: park * 1000,
    idleTime: idle * 1000,
    engineTime: engine * 1000,
    maxSpeed: vmax,
    avgSpeed: move > 0 ? km / (move / 3600) : 0,
  };
}
