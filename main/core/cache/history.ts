/**
 * History other than the track: sensor values over time, files and their bytes, and
 * per-request extras (violations). storeHistory() writes a whole POST /api/ObjectsHistory
 * response in one transaction (track points, parkings, events, files, sensor values,
 * violations). Coverage is recorded separately by the caller (CoverageRepo.add), because
 * only the caller knows which part of the requested window is safely complete.
 */
import type { FleetFile, History, MovementInterval, ParkingInterval } from '../../../common/resources';
import type { Db } from './db';
import type { EventsRepo } from './events';
import { trackColumnsFromIntervals, type TrackRepo } from './track';

export interface SensorSeries {
  time: Float64Array;
  value: Float64Array;
}

export class HistoryRepo {
  private readonly insertSensor;
  private readonly insertFile;
  private readonly insertExtra;
  /** Prepared once: a month is read in dozens of steps per sensor, and preparing cost more than reading. */
  private readonly selectSensor;

  constructor(
    private readonly db: Db,
    private readonly track: TrackRepo,
    private readonly events: EventsRepo,
  ) {
    this.selectSensor = db
      .prepare('SELECT time, value FROM sensor_history WHERE object_id = ? AND sensor_id = ? AND time >= ? AND time < ? ORDER BY time')
      .raw();
    this.insertSensor = db.prepare(
      'INSERT OR REPLACE INTO sensor_history (object_id, sensor_id, time, value) VALUES (?, ?, ?, ?)',
    );
    this.insertFile = db.prepare('INSERT OR REPLACE INTO files (uid, object_id, time, type, json) VALUES (?, ?, ?, ?, ?)');
    this.insertExtra = db.prepare(
      'INSERT OR REPLACE INTO history_extras (object_id, kind, from_ms, till_ms, json) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /** Stores one history response of `objectId` for the requested [from, till). */
  storeHistory(objectId: number, from: number, till: number, history: History, fetchedAt: number): void {
    const movements: MovementInterval[] = [];
    const parkings: ParkingInterval[] = [];
    for (const iv of history.Track.Intervals) {
      if ('Positions' in iv && Array.isArray(iv.Positions)) movements.push(iv as MovementInterval);
      else if ('Position' in iv) parkings.push(iv as ParkingInterval);
    }
    this.db
      .transaction(() => {
        this.track.writeTrack(objectId, trackColumnsFromIntervals(movements));
        this.track.writeParkings(
          objectId,
          parkings.map((p) => ({ from: p.From, till: p.Till, lat: p.Position.Lat, lng: p.Position.Lng, alt: p.Position.Alt })),
        );
        this.events.upsertFromHistory(history.Events, fetchedAt);
        this.putFiles(history.Files);
        for (const s of history.Sensors)
          for (const iv of s.Intervals)
            for (const v of iv.Values) this.insertSensor.run(objectId, s.SensorId, Math.round(v.Time), v.Value);
        this.insertExtra.run(objectId, 'violations', Math.round(from), Math.round(till), JSON.stringify(history.Violations));
      })
      .immediate();
  }

  /** Values of one sensor of one object with from <= time < till, ascending. */
  sensorSeries(objectId: number, sensorId: number, from: number, till: number): SensorSeries {
    const rows = this.selectSensor.all(objectId, sensorId, from, till) as [number, number][];
    const out = { time: new Float64Array(rows.length), value: new Float64Array(rows.length) };
    rows.forEach(([t, v], i) => {
      out.time[i] = t;
      out.value[i] = v;
    });
    return out;
  }

  putFiles(files: readonly FleetFile[]): void {
    this.db
      .transaction(() => {
        for (const f of files) this.insertFile.run(f.Uid, f.ObjectId, Math.round(f.Time), f.Type, JSON.stringify(f));
      })
      .immediate();
  }

  /** Files of one object with from <= Time < till, ascending. */
  files(objectId: number, from: number, till: number): FleetFile[] {
    return (
      this.db
        .prepare('SELECT json FROM files WHERE object_id = ? AND time >= ? AND time < ? ORDER BY time, uid')
        .pluck()
        .all(objectId, from, till) as string[]
    ).map((j) => JSON.parse(j) as FleetFile);
  }

  putFileBody(uid: string, bytes: Uint8Array, fetchedAt: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO file_bodies (uid, bytes, fetched_at) VALUES (?, ?, ?)')
      .run(uid, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), Math.round(fetchedAt));
  }

  fileBody(uid: string): Uint8Array | undefined {
    const b = this.db.prepare('SELECT bytes FROM file_bodies WHERE uid = ?').pluck().get(uid) as Buffer | undefined;
    return b && new Uint8Array(b);
  }

  /** Violations stored for requests of `objectId` overlapping [from, till). */
  violations(objectId: number, from: number, till: number): { from: number; till: number; violations: History['Violations'] }[] {
    const rows = this.db
      .prepare(
        "SELECT from_ms, till_ms, json FROM history_extras WHERE object_id = ? AND kind = 'violations' AND from_ms < ? AND till_ms > ? ORDER BY from_ms",
      )
      .all(objectId, till, from) as { from_ms: number; till_ms: number; json: string }[];
    return rows.map((r) => ({ from: r.from_ms, till: r.till_ms, violations: JSON.parse(r.json) as History['Violations'] }));
  }
}
