/**
 * A load's newly stored windows added to the copy on screen, so that while the core
 * fetches a long interval the screen reads only what was just stored: re-reading the
 * whole interval so far each time (a month is 2.6 M points) costs the host and the page
 * more than the fetch itself. The load's end reads only its last windows too: the merge
 * is tested to give what one whole read of the cache gives (test/unit/history-ui/merge.test.ts).
 */
import type { HistoryCoverage, HistoryData, HistoryParking, HistoryViolations, SensorColumns, TrackColumns, WireHistoryData } from '../../../../common/methods/history';
import { E7, type WireTrack } from '../../../../common/track-wire';
import { lowerBound } from '../../../../common/lower-bound';
import { grown, withRoom } from './growable';

type Range = readonly [number, number];

/** Indexes [i0, i1) of the ascending `time` with from <= time < till. */
function span(time: Float64Array, from: number, till: number): [number, number] {
  return [lowerBound(time.length, (i) => time[i]! < from), lowerBound(time.length, (i) => time[i]! < till)];
}

type Column = Float64Array | Float32Array | Uint8Array;
type Columns = Record<string, Column>;

/**
 * A wire column (common/track-wire.ts) read as the column it stands for: integers of 1e-7
 * degree as degrees, divided as unpackTrack divides. A part is written into the screen's
 * columns from these directly: unpacking it first made two more arrays of its size, and
 * first writes to fresh memory (page faults) cost more than the copy.
 */
class Degrees {
  constructor(readonly e7: Int32Array) {}
  get length(): number {
    return this.e7.length;
  }
}
type Source = Column | Degrees;

function put(to: Column, from: Source, at: number): void {
  if (!(from instanceof Degrees)) {
    to.set(from, at);
    return;
  }
  const e = from.e7;
  for (let i = 0; i < e.length; i++) to[at + i] = e[i]! / E7;
}

/** A part's track as sources for the screen's columns, whichever form it came in. */
function trackSources(t: TrackColumns | WireTrack): Record<string, Source> {
  if (!('latE7' in t)) return t as unknown as Columns;
  const { latE7, lngE7, ...rest } = t;
  return { ...rest, lat: new Degrees(latE7), lng: new Degrees(lngE7) };
}

/**
 * Typed-array columns: `a` before `from`, then `b`, then `a` from `till` on. A part after
 * every point of `a` (a load going forward) is appended in place when `a` has room
 * (growable.ts); `capacity` is the room a new column is given, in elements.
 */
function spliceColumns(a: Columns, aTime: Float64Array, b: Record<string, Source>, [from, till]: Range, capacity: (length: number) => number): Columns {
  const [i0, i1] = span(aTime, from, till);
  const appends = i0 === aTime.length;
  const out: Columns = {};
  for (const k of Object.keys(a)) {
    const ca = a[k]!;
    const cb = b[k]!;
    const length = i0 + cb.length + (ca.length - i1);
    if (appends) {
      const c = grown(ca, length, capacity(length));
      put(c, cb, i0);
      out[k] = c;
      continue;
    }
    const c = withRoom(ca, length, capacity(length));
    c.set(ca.subarray(0, i0), 0);
    put(c, cb, i0);
    c.set(ca.subarray(i1), i0 + cb.length);
    out[k] = c;
  }
  return out;
}

/**
 * Room for the rest of a load: as many points again, per hour still missing, as the
 * covered hours hold (and a tenth more), so a month read window by window is copied a few
 * times, not once per update. Bounded: a dense first hour says little about a year.
 */
function roomFor(range: Range, missing: readonly Range[]): (length: number) => number {
  const total = range[1] - range[0];
  const covered = total - missing.reduce((s, [a, b]) => s + (b - a), 0);
  const ratio = missing.length > 0 && covered > 0 ? Math.min(MAX_GROWTH, (1.1 * total) / covered) : 1;
  return (length) => Math.ceil(length * Math.max(1, ratio));
}
const MAX_GROWTH = 16;

const overlaps = (a: { from: number; till: number }, b: { from: number; till: number }) => a.from < b.till && b.from < a.till;

/** `missing` without [from, till). */
export function subtractRange(missing: readonly [number, number][], [from, till]: Range): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of missing) {
    if (b <= from || a >= till) out.push([a, b]);
    else {
      if (a < from) out.push([a, from]);
      if (b > till) out.push([till, b]);
    }
  }
  return out;
}

/**
 * `base` with the part read for [part.from, part.till) in place of whatever it held there.
 * Parkings the store merged across a window's edge come back whole in `part` and replace
 * the pieces `base` had.
 */
export function mergeHistory(base: HistoryData, part: HistoryData | WireHistoryData): HistoryData {
  const range: Range = [part.from, part.till];
  // What the part itself still lacks (a window is covered only up to now − 10 min) stays missing.
  const missing = [...subtractRange(base.coverage.missing, range), ...part.coverage.missing.filter(([a, b]) => a >= part.from && b <= part.till)].sort((x, y) => x[0] - y[0]);
  const room = roomFor([base.from, base.till], missing);
  const track = spliceColumns(base.track as unknown as Columns, base.track.time, trackSources(part.track), range, room) as unknown as TrackColumns;
  const sensors = new Map<number, SensorColumns>(base.sensors.map((s) => [s.sensorId, s]));
  for (const s of part.sensors) {
    const had = sensors.get(s.sensorId);
    if (!had) sensors.set(s.sensorId, s);
    else {
      const cols = spliceColumns({ time: had.time, value: had.value }, had.time, { time: s.time, value: s.value }, range, room) as { time: Float64Array; value: Float64Array };
      sensors.set(s.sensorId, { sensorId: s.sensorId, time: cols.time, value: cols.value });
    }
  }
  const parkings: HistoryParking[] = [...base.parkings.filter((p) => !part.parkings.some((q) => overlaps(p, q))), ...part.parkings].sort((a, b) => a.from - b.from);
  const events = new Map(base.events.map((e) => [e.Id, e]));
  for (const e of part.events) events.set(e.Id, e);
  const files = new Map(base.files.map((f) => [f.Uid, f]));
  for (const f of part.files) files.set(f.Uid, f);
  const violations: HistoryViolations[] = [...base.violations.filter((v) => !overlaps(v, part)), ...part.violations].sort((a, b) => a.from - b.from);
  const coverage: HistoryCoverage = { complete: missing.length === 0, missing };
  return {
    ...base,
    track,
    sensors: [...sensors.values()],
    parkings,
    events: [...events.values()].sort((a, b) => a.Time - b.Time || a.Id - b.Id),
    files: [...files.values()].sort((a, b) => a.Time - b.Time),
    violations,
    coverage,
  };
}

/** The stored windows within [from, till), overlapping or touching ones joined, ascending. */
export function coalesce(ranges: readonly [number, number][], from: number, till: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const lo = Math.max(a, from);
    const hi = Math.min(b, till);
    if (hi <= lo) continue;
    const last = out.at(-1);
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}
