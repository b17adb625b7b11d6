/**
 * Objects and their sensors. The full JSON of each object is kept (unknown fields and its
 * sensors included); name, plate, IMEI, status and the ignition sensor's id are also columns
 * with indexes for lookups.
 */
import type { ObjectSummary } from '../../../common/methods/live';
import type { FleetObject, Sensor } from '../../../common/resources';
import { ignitionSensorOf } from '../../../common/sensors';
import type { Db } from './db';
import type { MetaRepo } from './meta';

export const OBJECTS_DATASET = 'objects';

export class ObjectsRepo {
  private readonly insertObject;
  private readonly selectAll;
  private readonly selectSummaries;
  private readonly selectSummary;
  private readonly selectJsonById;
  private readonly selectOne;
  private readonly writeList;
  private readonly selectList;

  constructor(
    private readonly db: Db,
    private readonly meta: MetaRepo,
  ) {
    this.insertObject = db.prepare(
      "INSERT INTO objects (id, ord, name, plate, imei, status, json, summary, ignition_sensor, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, json_remove(?, '$.Sensors'), ?, ?)",
    );
    this.selectAll = db.prepare('SELECT json FROM objects ORDER BY ord').pluck();
    this.selectSummaries = db.prepare('SELECT summary FROM objects ORDER BY ord').pluck();
    this.selectSummary = db.prepare('SELECT summary FROM objects WHERE id = ?').pluck();
    this.selectJsonById = db.prepare('SELECT id, json FROM objects').raw();
    this.selectOne = db.prepare('SELECT json FROM objects WHERE id = ?').pluck();
    // The same text as the summaries, joined by SQLite where they are (migration 006).
    this.writeList = db.prepare(
      "INSERT OR REPLACE INTO objects_list (id, json) SELECT 1, CAST('[' || COALESCE(group_concat(summary, ','), '') || ']' AS BLOB) FROM (SELECT summary FROM objects ORDER BY ord)",
    );
    this.selectList = db.prepare('SELECT json FROM objects_list WHERE id = 1').pluck();
  }

  /**
   * Replaces the whole list (sensors inside each object) in one transaction: objects the service no
   * longer returns disappear. Records `fetchedAt` as the objects data set's last good time.
   * Duplicate ids: the last occurrence wins. `texts`: each object's JSON, in the same order,
   * when the caller has it already (the ingest worker encodes the list once for its hash, the
   * diff and this).
   */
  replaceAll(objects: readonly FleetObject[], fetchedAt: number, texts?: readonly string[]): void {
    const run = this.db.transaction(() => {
      this.db.exec('DELETE FROM objects;');
      const seen = new Map<number, number>();
      objects.forEach((o, i) => seen.set(o.Id, i));
      let ord = 0;
      for (const [id, i] of [...seen].sort((a, b) => a[1] - b[1])) {
        const o = objects[i]!;
        const json = texts?.[i] ?? JSON.stringify(o);
        const ignition = ignitionSensorOf(o.Sensors)?.Id ?? null;
        this.insertObject.run(id, ord++, o.Name, o.StateNumber ?? null, o.IMEI ?? null, o.Status ?? null, json, json, ignition, Math.round(fetchedAt));
      }
      this.writeList.run();
      this.meta.setLastGood(OBJECTS_DATASET, fetchedAt);
    });
    run.immediate();
  }

  /**
   * The list as `summaries()` would give it, as the UTF-8 JSON bytes stored with it: what a
   * window opening is sent, with nothing parsed or encoded on this thread.
   */
  listJson(): Uint8Array {
    const b = this.selectList.get() as Buffer | undefined;
    // A plain view: the frame codec and structured clone know Uint8Array, not Node's Buffer.
    return b ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new TextEncoder().encode('[]');
  }

  /** All objects without their sensors, in the order the service returned them (stored so at write: less to parse, nothing to strip). */
  summaries(): ObjectSummary[] {
    return (this.selectSummaries.all() as string[]).map((j) => JSON.parse(j) as ObjectSummary);
  }

  /** These objects without their sensors (those still in the list). */
  summariesOf(ids: readonly number[]): ObjectSummary[] {
    return ids.flatMap((id) => {
      const j = this.selectSummary.get(id) as string | undefined;
      return j === undefined ? [] : [JSON.parse(j) as ObjectSummary];
    });
  }

  /**
   * Which objects of `next` are new or differ from what is stored (by their stored JSON),
   * and which stored ones it no longer has: what a refresh changed, for a delta push.
   * `texts` as for replaceAll.
   */
  diff(next: readonly FleetObject[], texts?: readonly string[]): { changed: number[]; removed: number[] } {
    const stored = new Map(this.selectJsonById.all() as [number, string][]);
    const changed: number[] = [];
    for (const [i, o] of next.entries()) {
      if (stored.get(o.Id) !== (texts?.[i] ?? JSON.stringify(o))) changed.push(o.Id);
      stored.delete(o.Id);
    }
    return { changed: [...new Set(changed)], removed: [...stored.keys()] };
  }

  /** All objects, in the order the service returned them. */
  list(): FleetObject[] {
    return (this.selectAll.all() as string[]).map((j) => JSON.parse(j) as FleetObject);
  }

  /** When the list was last confirmed by the service, null if never. */
  fetchedAt(): number | null {
    return this.meta.lastGood(OBJECTS_DATASET);
  }

  get(id: number): FleetObject | undefined {
    const j = this.selectOne.get(id) as string | undefined;
    return j === undefined ? undefined : (JSON.parse(j) as FleetObject);
  }

  count(): number {
    return this.db.prepare('SELECT count(*) FROM objects').pluck().get() as number;
  }

  /** Objects whose name, plate or IMEI contains `text` (case-insensitive), in list order. */
  search(text: string, limit = 100): FleetObject[] {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = this.db
      .prepare(
        `SELECT json FROM objects
         WHERE name LIKE @like ESCAPE '\\' OR plate LIKE @like ESCAPE '\\' OR imei LIKE @like ESCAPE '\\'
         ORDER BY ord LIMIT @limit`,
      )
      .pluck()
      .all({ like, limit }) as string[];
    return rows.map((j) => JSON.parse(j) as FleetObject);
  }

  byImei(imei: string): FleetObject | undefined {
    const j = this.db.prepare('SELECT json FROM objects WHERE imei = ? LIMIT 1').pluck().get(imei) as string | undefined;
    return j === undefined ? undefined : (JSON.parse(j) as FleetObject);
  }

  /** The object's sensors in the service's order; none for an object not listed. */
  sensorsOf(objectId: number): Sensor[] {
    return this.get(objectId)?.Sensors ?? [];
  }

  /** [sensorId, objectId] of every object's ignition sensor (common/sensors.ts decides which). */
  ignitionSensors(): [number, number][] {
    return this.db.prepare('SELECT ignition_sensor, id FROM objects WHERE ignition_sensor IS NOT NULL').raw().all() as [number, number][];
  }
}
