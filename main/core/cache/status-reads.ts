/**
 * The last status as the file holds it, one object or one day at a time: what the details
 * panel reads. These go to the file, not the in-memory copy (status.ts), so the main thread
 * reads current rows while a worker thread ingests the polls, without mirroring them.
 */
import type { DailyStat, DriverKey, Position, SensorValue } from '../../../common/resources';
import type { Db } from './db';
import type { PosRow } from './status-rows';

export class StoredStatus {
  private readonly stored;

  constructor(db: Db) {
    this.stored = {
      position: db.prepare('SELECT object_id, online, lat, lng, alt, time, speed, heading, sat, accuracy FROM last_positions WHERE object_id = ?'),
      sensorValue: db.prepare('SELECT sensor_id, time, value FROM last_sensor_values WHERE sensor_id = ?'),
      sensorValues: db.prepare('SELECT sensor_id, time, value FROM last_sensor_values'),
      driverKey: db.prepare('SELECT object_id, time, uid FROM last_driver_keys WHERE object_id = ?'),
      driverKeys: db.prepare('SELECT object_id, time, uid FROM last_driver_keys'),
      dailyStat: db.prepare('SELECT json FROM daily_stats WHERE object_id = ? AND day = ?').pluck(),
      statsOfDay: db.prepare('SELECT json FROM daily_stats WHERE day = ?').pluck(),
      allStats: db.prepare('SELECT json FROM daily_stats').pluck(),
    };
  }

  /** The last position of one object in the service's shape. */
  position(objectId: number): Position | undefined {
    const r = this.stored.position.get(objectId) as PosRow | undefined;
    if (!r) return undefined;
    const p: Position = { ObjectId: r.object_id, Online: r.online === 1, Lat: r.lat, Lng: r.lng, Time: r.time };
    if (r.alt !== null) p.Alt = r.alt;
    if (r.speed !== null) p.Speed = r.speed;
    if (r.heading !== null) p.heading = r.heading;
    if (r.sat !== null) p.Sat = r.sat;
    if (r.accuracy !== null) p.Accuracy = r.accuracy;
    return p;
  }

  /** Latest sensor values; all of them, or those of the given sensor ids. */
  sensorValuesOf(sensorIds?: readonly number[]): SensorValue[] {
    const rows = (sensorIds ? sensorIds.map((id) => this.stored.sensorValue.get(id)) : this.stored.sensorValues.all()) as
      | ({ sensor_id: number; time: number; value: number } | undefined)[];
    return rows.flatMap((r) => (r ? [{ SensorId: r.sensor_id, Time: r.time, Value: r.value }] : []));
  }

  driverKey(objectId: number): DriverKey | undefined {
    const r = this.stored.driverKey.get(objectId) as { object_id: number; time: number; uid: string } | undefined;
    return r && { ObjectId: r.object_id, Time: r.time, UId: r.uid };
  }

  allDriverKeys(): DriverKey[] {
    return (this.stored.driverKeys.all() as { object_id: number; time: number; uid: string }[]).map((r) => ({ ObjectId: r.object_id, Time: r.time, UId: r.uid }));
  }

  /** One object's statistics of `day` (start of its local day, Unix ms), if the service sent them. */
  dailyStat(objectId: number, day: number): DailyStat | undefined {
    const json = this.stored.dailyStat.get(objectId, Math.round(day)) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as DailyStat);
  }

  /** Daily statistics stored for `day` (start of day, Unix ms), or for every day. */
  dailyStats(day?: number): DailyStat[] {
    const rows = (day === undefined ? this.stored.allStats.all() : this.stored.statsOfDay.all(Math.round(day))) as string[];
    return rows.map((json) => JSON.parse(json) as DailyStat);
  }
}
