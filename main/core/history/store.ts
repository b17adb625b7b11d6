/**
 * Writing one fetched window into the cache, and reading a range back, without stalling
 * the event loop: work is cut into small transactions (a few hours of track, a few
 * thousand sensor rows) with a macrotask yield between them, so RPCs and pushes are
 * served in between. Coverage is recorded last, in the final transaction: a window cut off
 * half-way (cancel, crash) leaves points but no coverage, and is simply fetched again
 * (track writes merge, every other write is an upsert).
 */
import { z } from 'zod';
import type { FleetEvent, FleetFile, History } from '../../../common/resources';
import { EventSchema, FileSchema, ViolationsSchema } from '../../../common/resources';
import type {
  HistoryData,
  HistoryParking,
  HistoryViolations,
  SensorColumns,
  TrackColumns,
} from '../../../common/methods/history';
import { normalize } from '../api/tolerant';
import { emptyTrackColumns, HISTORY_KIND, HOUR_MS, type Cache } from '../cache';
import type { ParsedHistory } from './parse-track';

/** Points per track transaction: ~1 h at 1 Hz (measured: 18,000 took 8–66 ms under load). */
export const TRACK_BATCH_POINTS = 4_000;
export const SENSOR_BATCH_ROWS = 10_000;
/** Range of one read slice (track chunks are per hour; a 1 Hz slice of 6 h reads in ~1 ms). */
export const READ_SLICE_MS = 6 * HOUR_MS;

export const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

const ENDPOINT = 'POST /api/ObjectsHistory';
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

export interface StoreWindow {
  objectId: number;
  /** The window that was asked for. */
  from: number;
  till: number;
  /** Coverage is recorded up to here only (the open recent edge stays uncovered). */
  coveredTill: number;
  fetchedAt: number;
  /** Stop between batches (cancel, session closed). */
  stopped: () => boolean;
}

/**
 * Stores one parsed window. Returns false when stopped before the end (no coverage).
 */
export async function storeWindow(cache: Cache, w: StoreWindow, parsed: ParsedHistory): Promise<boolean> {
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
    cache.tracks.writeParkings(w.objectId, parsed.parkings);
    cache.events.upsertFromHistory(events, w.fetchedAt);
    cache.history.putFiles(files);
    insertExtra.run(w.objectId, 'violations', Math.round(w.from), Math.round(w.till), JSON.stringify(violations));
    if (w.coveredTill > w.from) cache.coverage.add(w.objectId, w.from, Math.min(w.till, w.coveredTill), HISTORY_KIND);
  });
  return true;
}

function concatTracks(parts: TrackColumns[]): TrackColumns {
  if (parts.length === 1) return parts[0]!;
  const n = parts.reduce((s, p) => s + p.time.length, 0);
  const out = emptyTrackColumns(n);
  let o = 0;
  for (const p of parts) {
    for (const k of Object.keys(out) as (keyof TrackColumns)[]) (out[k] as Float64Array).set(p[k] as Float64Array, o);
    o += p.time.length;
  }
  return out;
}

/** Sensors with values for the object in [from, till). */
function sensorIds(cache: Cache, objectId: number, from: number, till: number): number[] {
  return cache.db
    .prepare(
      'SELECT DISTINCT sensor_id FROM sensor_history WHERE object_id = ? AND time >= ? AND time < ? ORDER BY sensor_id',
    )
    .pluck()
    .all(objectId, from, till) as number[];
}

/** What the cache holds of [from, till), read in slices with yields in between. */
export async function readRange(
  cache: Cache,
  objectId: number,
  from: number,
  till: number,
  stillOpen: () => boolean = () => true,
): Promise<HistoryData> {
  const parts: TrackColumns[] = [];
  const sensorParts = new Map<number, { time: Float64Array; value: Float64Array }[]>();
  const ids = sensorIds(cache, objectId, from, till);
  for (let a = from; a < till; a += READ_SLICE_MS) {
    const b = Math.min(till, a + READ_SLICE_MS);
    const t = cache.tracks.readTrack(objectId, a, b);
    if (t.time.length) parts.push(t);
    for (const id of ids) {
      const s = cache.history.sensorSeries(objectId, id, a, b);
      if (s.time.length) (sensorParts.get(id) ?? sensorParts.set(id, []).get(id)!).push(s);
    }
    if (b < till) {
      await yieldToLoop();
      // The session may have closed while we yielded.
      if (!stillOpen()) throw new Error('the session closed during the read');
    }
  }
  const sensors: SensorColumns[] = [...sensorParts].map(([sensorId, ps]) => {
    const n = ps.reduce((s, p) => s + p.time.length, 0);
    const time = new Float64Array(n);
    const value = new Float64Array(n);
    let o = 0;
    for (const p of ps) {
      time.set(p.time, o);
      value.set(p.value, o);
      o += p.time.length;
    }
    return { sensorId, time, value };
  });
  const parkings: HistoryParking[] = cache.tracks.readParkings(objectId, from, till);
  const violations: HistoryViolations[] = cache.history.violations(objectId, from, till);
  const missing = cache.coverage.gaps(objectId, from, till, HISTORY_KIND).map((g): [number, number] => [g.from, g.till]);
  return {
    objectId,
    from,
    till,
    track: parts.length ? concatTracks(parts) : emptyTrackColumns(0),
    parkings,
    events: cache.events.forObject(objectId, from, till).map((e) => e.event),
    files: cache.history.files(objectId, from, till),
    sensors,
    violations,
    coverage: { complete: missing.length === 0, missing },
  };
}
