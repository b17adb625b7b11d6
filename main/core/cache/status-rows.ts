/**
 * Last status as rows and as columns: a service position as the row the status repository
 * stores and compares, rows as the typed-array columns the live layer pushes, and a status
 * decoded whole in the batched shape `stage` takes.
 */
import { Ignition, type PositionColumns } from '../../../common/methods/live';
import type { DriverKey, ObjectsStatus, ObjectsStatusBatches, Position } from '../../../common/resources';

export interface PosRow {
  object_id: number;
  online: number;
  lat: number;
  lng: number;
  alt: number | null;
  time: number;
  speed: number | null;
  heading: number | null;
  sat: number | null;
  accuracy: number | null;
}

const opt = (v: number | undefined | null): number | null => (v === undefined || v === null || Number.isNaN(v) ? null : v);

export function toRow(p: Position): PosRow {
  return {
    object_id: p.ObjectId,
    online: p.Online ? 1 : 0,
    lat: p.Lat,
    lng: p.Lng,
    alt: opt(p.Alt),
    time: Math.round(p.Time),
    speed: opt(p.Speed),
    heading: opt(p.heading),
    sat: opt(p.Sat),
    accuracy: opt(p.Accuracy),
  };
}

export function sameRow(a: PosRow, b: PosRow): boolean {
  return (
    a.time === b.time &&
    a.lat === b.lat &&
    a.lng === b.lng &&
    a.online === b.online &&
    a.speed === b.speed &&
    a.heading === b.heading &&
    a.alt === b.alt &&
    a.sat === b.sat &&
    a.accuracy === b.accuracy
  );
}

/**
 * What one ingested poll changed; plain data, so it crosses a worker boundary as is. Rows to
 * write are named by id and read from the status copy, which already holds them (status.ts):
 * at a first sign-in every element changed, and an object per row held until its write was
 * most of the ingest worker's peak.
 */
export interface StatusChanges {
  /**
   * The changed positions, ascending object id, with each one's Ignition.*: the answer. Also
   * the unchanged position of an object whose ignition switched, so the map recolours it.
   */
  positions: PositionColumns;
  /** The sensors whose reading changed. */
  sensorIds: number[];
  driverKeys: DriverKey[];
  /** Changed daily stats: the object, its day and the stat's JSON, index by index. */
  stats: ChangedStats;
  fetchedAt: number;
}

export interface ChangedStats {
  objectIds: number[];
  days: number[];
  json: string[];
}

export function emptyPositionColumns(n = 0): PositionColumns {
  return {
    ids: new Int32Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    time: new Float64Array(n),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    online: new Uint8Array(n),
    ignition: new Uint8Array(n),
  };
}

/** An on/off input reads 0 for off; anything else that is a number is on. */
export function ignitionValue(v: number | undefined): number {
  if (v === undefined || !Number.isFinite(v)) return Ignition.unknown;
  return v !== 0 ? Ignition.on : Ignition.off;
}

/** A status decoded whole, as one batch of each array. */
export function wholeStatus(s: ObjectsStatus): ObjectsStatusBatches {
  return { Positions: [s.Positions], SensorValues: [s.SensorValues], DriverKeys: [s.DriverKeys], Stats: [s.Stats] };
}

/** The same [sensorId → objectId] ignition sensors. */
export function sameIgnition(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): boolean {
  return a.size === b.size && [...b].every(([sensorId, objectId]) => a.get(sensorId) === objectId);
}

/** A launch read's row: the columns' fields, then the object's ignition reading (NULL without one). */
export type LaunchRow = [id: number, online: number, lat: number, lng: number, time: number, speed: number | null, heading: number | null, ignition: number | null];

/** The launch read's rows straight into columns. */
export function launchColumns(rows: readonly LaunchRow[]): PositionColumns {
  const c = emptyPositionColumns(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const [id, online, lat, lng, time, speed, heading, ignition] = rows[i]!;
    c.ids[i] = id;
    c.online[i] = online;
    c.lat[i] = lat;
    c.lng[i] = lng;
    c.time[i] = time;
    c.speed[i] = speed ?? NaN;
    c.heading[i] = heading ?? NaN;
    c.ignition[i] = ignitionValue(ignition ?? undefined);
  }
  return c;
}
