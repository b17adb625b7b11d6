/**
 * Writing one fetched window into the cache, and reading a range back.
 *
 * Writes run in the history writer's worker thread (writer.ts), or in-thread as the
 * fallback. Either way they are cut into small transactions (about an hour of track, a
 * few thousand sensor rows) with a macrotask yield between them: the write lock of the
 * shared WAL file is never held long, so a write on another connection (the main
 * thread's outbox, the poll ingest worker) waits one batch at most, and a cancel message
 * is seen between batches. Coverage is recorded last, in the final transaction: a window
 * cut off half-way (cancel, crash) leaves points but no coverage, and is simply fetched
 * again (track writes merge, every other write is an upsert).
 *
 * Reads run on the main thread, one hour row at a time, yielding whenever a few ms of
 * work have been done, so a month (2.6 M points at 1 Hz) never blocks the loop for long.
 */
import { z } from 'zod';
import type { FleetEvent, FleetFile, History } from '../../../common/resources';
import { EventSchema, FileSchema, ViolationsSchema } from '../../../common/resources';
import type {
  HistoryParking,
  HistoryViolations,
  SensorColumns,
  TrackColumns,
  WireHistoryData,
} from '../../../common/methods/history';
import { normalize } from '../api/tolerant';
import { HISTORY_ENDPOINT as ENDPOINT } from '../api/history';
import { emptyWireTrack, GrowingColumns, HISTORY_KIND, HOUR_MS, OVERVIEW_METRES, type Cache } from '../cache';
import type { ParsedHistory } from './parse-track';
import { sketchTrack, type TrackSketch } from './sketch';

/** Points per track transaction: ~1 h at 1 Hz (measured: 18,000 took 8–66 ms under load). */
export const TRACK_BATCH_POINTS = 4_000;
export const SENSOR_BATCH_ROWS = 10_000;
/** Work done between two yields of a read (the loop's budget is 10 ms a turn). */
export const READ_BUDGET_MS = 4;

export const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

const EventsList = z.array(EventSchema);
const FilesList = z.array(FileSchema);
const NO_VIOLATIONS: History['Violations'] = {
  SpeedViolations: [],
  AccelerationViolations: [],
  BrakingViolations: [],
  TurningViolations: [],
  AccelerometerFaulty: false,
};

function sliceColumns(c: TrackColumns, a: number, b: number): TrackColumns {
  return {
    time: c.time.subarray(a, b),
    lat: c.lat.subarray(a, b),
    lng: c.lng.subarray(a, b),
    speed: c.speed.subarray(a, b),
    heading: c.heading.subarray(a, b),
    alt: c.alt.subarray(a, b),
    sat: c.sat.subarray(a, b),
  };
}

function isSorted(t: Float64Array): boolean {
  for (let i = 1; i < t.length; i++) if (t[i]! < t[i - 1]!) return false;
  return true;
}

/** The window a body answers, and what of it may be recorded as covered. */
export interface WindowInfo {
  objectId: number;
  /** The window that was asked for. */
  from: number;
  till: number;
  /** Coverage is recorded up to here only (the open recent edge stays uncovered). */
  coveredTill: number;
  fetchedAt: number;
}

/**
 * Stores one parsed window; `stopped` is asked between batches (cancel, session closed).
 * Returns false when stopped before the end (no coverage).
 */
export async function storeWindow(cache: Cache, w: WindowInfo & { stopped: () => boolean }, parsed: ParsedHistory): Promise<boolean> {
  // The small parts go through the same tolerant schemas as every other answer.
  const events = parsed.events == null ? [] : (normalize(EventsList, parsed.events, ENDPOINT) as FleetEvent[]);
  const files = parsed.files == null ? [] : (normalize(FilesList, parsed.files, ENDPOINT) as FleetFile[]);
  const violations =
    parsed.violations == null ? NO_VIOLATIONS : (normalize(ViolationsSchema, parsed.violations, ENDPOINT) as History['Violations']);

  const track = parsed.track;
  const n = track.time.length;
  if (n > 0 && !isSorted(track.time)) {
    // Rare (the service sends time order): one write sorts; batching needs order.
    cache.tracks.writeTrack(w.objectId, track);
  } else {
    for (let a = 0; a < n; ) {
      if (w.stopped()) return false;
      // Cut at an hour boundary so each hour chunk is written once per window, not merged twice.
      let b = Math.min(n, a + TRACK_BATCH_POINTS);
      if (b < n) {
        const hour = Math.floor(track.time[b - 1]! / HOUR_MS);
        let c = b;
        while (c > a + 1 && Math.floor(track.time[c - 1]! / HOUR_MS) === hour) c--;
        if (c > a + 1) b = c;
      }
      cache.tracks.writeTrack(w.objectId, sliceColumns(track, a, b));
      a = b;
      await yieldToLoop();
    }
  }

  const insertSensor = cache.db.prepare(
    'INSERT OR REPLACE INTO sensor_history (object_id, sensor_id, time, value) VALUES (?, ?, ?, ?)',
  );
  for (const s of parsed.sensors) {
    for (let a = 0; a < s.time.length; a += SENSOR_BATCH_ROWS) {
      if (w.stopped()) return false;
      const b = Math.min(s.time.length, a + SENSOR_BATCH_ROWS);
      cache.transaction(() => {
        for (let i = a; i < b; i++) insertSensor.run(w.objectId, s.sensorId, Math.round(s.time[i]!), s.value[i]!);
      });
      await yieldToLoop();
    }
  }

  if (w.stopped()) return false;
  const insertExtra = cache.db.prepare(
    'INSERT OR REPLACE INTO history_extras (object_id, kind, from_ms, till_ms, json) VALUES (?, ?, ?, ?, ?)',
  );
  cache.transaction(() => {
    mergeParkings(cache, w, parsed.parkings);
    cache.events.upsertFromHistory(events, w.fetchedAt);
    cache.history.putFiles(files);
    insertExtra.run(w.objectId, 'violations', Math.round(w.from), Math.round(w.till), JSON.stringify(violations));
    if (w.coveredTill > w.from) cache.coverage.add(w.objectId, w.from, Math.min(w.till, w.coveredTill), HISTORY_KIND);
  });
  return true;
}

/**
 * The service clips a parking at the edges of the window asked for, so one stop split by
 * a window boundary arrives as two pieces ([x, b) in one answer, [b, y) in the next), and
 * the open edge refetched later overlaps what was stored. Stored pieces that overlap a new
 * one, or touch it at this window's boundary, become one parking: the earliest piece's
 * position, the union of the times. Pieces touching inside a window are the service's own
 * separate parkings and stay apart. Runs inside the window's final transaction.
 */
function mergeParkings(cache: Cache, w: WindowInfo, parkings: readonly HistoryParking[]): void {
  if (parkings.length === 0) return;
  const wf = Math.round(w.from);
  const wt = Math.round(w.till);
  // Only a piece reaching a window edge can continue in another answer.
  const inner = new Set(parkings.filter((p) => Math.round(p.from) > wf && Math.round(p.till) < wt));
  cache.tracks.writeParkings(w.objectId, [...inner]);
  const touching = cache.db.prepare(
    'SELECT from_ms, till_ms, lat, lng, alt FROM parkings WHERE object_id = ? AND from_ms <= ? AND till_ms >= ? ORDER BY from_ms',
  );
  const remove = cache.db.prepare('DELETE FROM parkings WHERE object_id = ? AND from_ms = ?');
  const boundary = (t: number) => t === wf || t === wt;
  for (const p of parkings) {
    if (inner.has(p)) continue;
    let m: HistoryParking = { ...p, from: Math.round(p.from), till: Math.round(p.till) };
    const rows = touching.all(w.objectId, m.till, m.from) as { from_ms: number; till_ms: number; lat: number; lng: number; alt: number | null }[];
    for (const r of rows) {
      const overlaps = r.from_ms < m.till && r.till_ms > m.from;
      const sameStart = r.from_ms === m.from;
      const joins = (r.till_ms === m.from && boundary(m.from)) || (r.from_ms === m.till && boundary(m.till));
      if (!overlaps && !sameStart && !joins) continue;
      remove.run(w.objectId, r.from_ms);
      const earlier = r.from_ms < m.from;
      const stored: HistoryParking = { from: r.from_ms, till: r.till_ms, lat: r.lat, lng: r.lng };
      if (r.alt !== null) stored.alt = r.alt;
      const first = earlier ? stored : m;
      m = { ...first, from: Math.min(m.from, r.from_ms), till: Math.max(m.till, r.till_ms) };
    }
    cache.tracks.writeParkings(w.objectId, [m]);
  }
}

/** Points read per step of `readRange` (see there). */
const READ_STEP_POINTS = 40_000;

/** Yields to the loop when this turn has worked READ_BUDGET_MS. */
class Budget {
  private since = performance.now();
  constructor(private readonly stillOpen: () => boolean) {}
  async check(): Promise<void> {
    if (performance.now() - this.since < READ_BUDGET_MS) return;
    await yieldToLoop();
    // The session may have closed while we yielded.
    if (!this.stillOpen()) throw new Error('the session closed during the read');
    this.since = performance.now();
  }
}

/**
 * Sensors with values for the object in [from, till). One index probe per sensor, not a
 * DISTINCT over the range: that scanned every value of the month (34–76 ms measured).
 */
function sensorIds(cache: Cache, objectId: number, from: number, till: number): number[] {
  const next = cache.db.prepare('SELECT min(sensor_id) FROM sensor_history WHERE object_id = ? AND sensor_id > ?').pluck();
  const any = cache.db
    .prepare('SELECT 1 FROM sensor_history WHERE object_id = ? AND sensor_id = ? AND time >= ? AND time < ? LIMIT 1')
    .pluck();
  const ids: number[] = [];
  // Bounded: each step moves to a strictly larger id.
  for (let id = next.get(objectId, -Number.MAX_SAFE_INTEGER) as number | null; id !== null; id = next.get(objectId, id) as number | null)
    if (any.get(objectId, id, from, till) !== undefined) ids.push(id);
  return ids;
}

/**
 * What the cache holds of [from, till), read one hour row at a time (track chunks are
 * per hour: a 1 Hz hour decodes in well under a millisecond) with yields in between. The
 * track comes in the renderer's wire form (common/track-wire.ts), which is how every
 * caller sends it on.
 */
export async function readRange(
  cache: Cache,
  objectId: number,
  from: number,
  till: number,
  stillOpen: () => boolean = () => true,
): Promise<WireHistoryData> {
  const budget = new Budget(stillOpen);
  // Sized by the stored hour rows (an upper bound: the edge hours may hold points outside
  // the range); grows if a concurrent write adds points meanwhile.
  const h0 = Math.floor(from / HOUR_MS);
  const h1 = Math.floor((till - 1) / HOUR_MS);
  const cap = cache.db
    .prepare('SELECT coalesce(sum(n), 0) FROM track_chunks WHERE object_id = ? AND hour BETWEEN ? AND ?')
    .pluck()
    .get(objectId, h0, h1) as number;
  const track = new GrowingColumns(emptyWireTrack(cap), emptyWireTrack);
  const makeSeries = (n: number) => ({ time: new Float64Array(n), value: new Float64Array(n) });
  const series = new Map<number, GrowingColumns<{ time: Float64Array; value: Float64Array }>>();
  const ids = sensorIds(cache, objectId, from, till);
  for (const id of ids) series.set(id, new GrowingColumns(makeSeries(1024), makeSeries));
  await budget.check();
  // Whole hours per step, about READ_STEP_POINTS points each: a step per hour made a month
  // at 1 Hz 720 round trips per table; a step must still be short enough to check the budget.
  const hours = h1 - h0 + 1;
  const stepHours = Math.max(1, Math.min(hours, Math.floor(READ_STEP_POINTS / Math.max(1, cap / hours))));
  for (let a = from; a < till; ) {
    const b = Math.min(till, (Math.floor(a / HOUR_MS) + stepHours) * HOUR_MS);
    cache.tracks.readTrackInto(objectId, a, b, track);
    for (const id of ids) series.get(id)!.append(cache.history.sensorSeries(objectId, id, a, b));
    a = b;
    await budget.check();
  }
  const sensors: SensorColumns[] = [];
  for (const [sensorId, g] of series) if (g.n > 0) sensors.push({ sensorId, ...g.result() });
  const parkings: HistoryParking[] = cache.tracks.readParkings(objectId, from, till);
  const violations: HistoryViolations[] = cache.history.violations(objectId, from, till);
  const missing = cache.coverage.gaps(objectId, from, till, HISTORY_KIND).map((g): [number, number] => [g.from, g.till]);
  return {
    objectId,
    from,
    till,
    track: track.result(),
    parkings,
    events: cache.events.forObject(objectId, from, till).map((e) => e.event),
    files: cache.history.files(objectId, from, till),
    sensors,
    violations,
    coverage: { complete: missing.length === 0, missing },
  };
}

/** The cached track's coarse copy (TrackRepo.readOverview) as a sketch of at most `maxPoints` (sketch.ts). */
export function readOverview(cache: Cache, objectId: number, from: number, till: number, maxPoints: number): TrackSketch {
  return sketchTrack(cache.tracks.readOverview(objectId, from, till), maxPoints, OVERVIEW_METRES);
}
