/**
 * The last status's rows as writes to the file: the statements prepared once, and each kind of
 * row as the slices of a write (sliced-write.ts). Positions and readings are read back from
 * the status copy by id, as it holds them once staged (decision 0091).
 */
import type { DriverKey } from '../../../common/resources';
import type { Db } from './db';
import type { LastPositions } from './last-positions';
import type { LastReadings } from './last-readings';
import { sliceWriter, type RowSlices } from './sliced-write';
import type { ChangedStats } from './status-rows';

export class StatusWrites {
  private readonly upsertPos;
  private readonly upsertSensor;
  private readonly upsertKey;
  private readonly upsertStat;
  private readonly deleteOldStats;

  constructor(db: Db) {
    this.upsertPos = db.prepare(`INSERT OR REPLACE INTO last_positions
      (object_id, online, lat, lng, alt, time, speed, heading, sat, accuracy, fetched_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.upsertSensor = db.prepare(
      'INSERT OR REPLACE INTO last_sensor_values (sensor_id, time, value, fetched_at) VALUES (?, ?, ?, ?)',
    );
    this.upsertKey = db.prepare('INSERT OR REPLACE INTO last_driver_keys (object_id, time, uid, fetched_at) VALUES (?, ?, ?, ?)');
    this.upsertStat = db.prepare('INSERT OR REPLACE INTO daily_stats (object_id, day, json, fetched_at) VALUES (?, ?, ?, ?)');
    this.deleteOldStats = db.prepare('DELETE FROM daily_stats WHERE day < ?');
  }

  /** The staged positions and readings, by id, as the copy holds them: nothing stages again before they are written (ingest.ts). */
  positions(positions: LastPositions, objectIds: readonly number[], readings: LastReadings, sensorIds: readonly number[], at: number): RowSlices[] {
    return [
      sliceWriter(objectIds, (id) => {
        const r = positions.get(id)!;
        this.upsertPos.run(id, r.online, r.lat, r.lng, r.alt, r.time, r.speed, r.heading, r.sat, r.accuracy, at);
      }),
      sliceWriter(sensorIds, (id) => {
        const r = readings.row(id);
        this.upsertSensor.run(id, Math.round(readings.timeAt(r)), readings.valueAt(r), at);
      }),
    ];
  }

  keys(keys: readonly DriverKey[], at: number): RowSlices {
    return sliceWriter(keys, (k) => this.upsertKey.run(k.ObjectId, Math.round(k.Time), k.UId, at));
  }

  stats(changed: ChangedStats, at: number): RowSlices {
    return sliceWriter(changed.json, (json, i) => this.upsertStat.run(changed.objectIds[i], Math.round(changed.days[i]!), json, at));
  }

  /** Drops the daily stats of days before `day` (Unix ms). */
  statsBefore(day: number): void {
    this.deleteOldStats.run(Math.round(day));
  }
}
