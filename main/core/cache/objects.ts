/**
 * Objects and their sensors. The full JSON of each object is kept (unknown fields and its
 * sensors included); name, plate, IMEI, status and the ignition sensor's id are also columns
 * with indexes for lookups.
 */
import { NAME_COLLATION, summaryFromRow, summaryRow, type ObjectSummary } from '../../../common/methods/live';
import type { FleetObject, Sensor } from '../../../common/resources';
import { ignitionSensorOf } from '../../../common/sensors';
import type { Db } from './db';
import type { MetaRepo } from './meta';

export const OBJECTS_DATASET = 'objects';

/**
 * An object's JSON as it will be stored: its text, or that text's UTF-8 bytes. The ingest
 * worker keeps the bytes the object came in where they are exactly that text, a view of the
 * body it holds anyway, rather than a second copy of every object as a string (decision 0057).
 */
export type JsonText = string | Uint8Array;

/**
 * One object as it will be stored: its columns, its JSON and its summary. The decoded object
 * is not kept: the ingest worker makes these a batch at a time and lets each batch go.
 */
export interface ListRow {
  id: number;
  name: string;
  plate: string | null;
  imei: string | null;
  status: number | null;
  json: JsonText;
  /** What the windows read of it (`summaryRow`): its text, then its bytes in the prepared list's (`prepareRows`). */
  summary: JsonText;
  ignition: number | null;
}

const utf8 = new TextEncoder();
const utf8Of = (t: JsonText): Buffer => (typeof t === 'string' ? Buffer.from(utf8.encode(t).buffer) : Buffer.from(t.buffer, t.byteOffset, t.byteLength));

/** Two JSON texts, either as a string or as its UTF-8 bytes, are the same text. */
function sameJson(a: JsonText, b: JsonText): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return utf8Of(a).equals(utf8Of(b));
}

export function listRow(o: FleetObject): ListRow {
  return {
    id: o.Id,
    name: o.Name,
    plate: o.StateNumber ?? null,
    imei: o.IMEI ?? null,
    status: o.Status ?? null,
    json: JSON.stringify(o),
    summary: JSON.stringify(summaryRow(o)),
    ignition: ignitionSensorOf(o.Sensors)?.Id ?? null,
  };
}

/**
 * A list as it will be stored, made before the write: the ingest worker answers with its
 * `listJson` (what `listJson()` gives once stored) and writes it after.
 */
export interface PreparedList {
  /** One per object id, the last occurrence of a duplicate, in the service's order. */
  rows: ListRow[];
  /** The summaries as one JSON array's UTF-8 bytes, in name order (`NAME_ORDER`). */
  listJson: Uint8Array;
}

/**
 * The order the windows list objects in by default: the stored list is in it, so the window's
 * own sort of 50,000 names at launch finds them sorted and takes one pass, not a collation of
 * every pair it compares. A window whose language collates otherwise still sorts correctly,
 * only slower.
 */
const NAME_ORDER = new Intl.Collator(undefined, NAME_COLLATION);

export function prepareList(objects: readonly FleetObject[]): PreparedList {
  return prepareRows(objects.map(listRow));
}

/**
 * Rows in the service's order, duplicates and all → the list as it will be stored. Each row's
 * summary becomes a view of the list's bytes, so that the summaries are not held twice until
 * the write.
 */
export function prepareRows(all: readonly ListRow[]): PreparedList {
  const last = new Map<number, number>();
  all.forEach((r, i) => last.set(r.id, i));
  const rows = [...last.values()].sort((a, b) => a - b).map((i) => all[i]!);
  const listJson = listJsonOf(rows, (r, text) => (r.summary = text));
  return { rows, listJson };
}

/** The summaries as the stored list's bytes, in name order (`NAME_ORDER`); `placed` hears where each summary now lies in them. */
export function listJsonOf<T extends Pick<ListRow, 'id' | 'name' | 'summary'>>(rows: readonly T[], placed: (row: T, bytes: Uint8Array) => void = () => {}): Uint8Array {
  const byName = rows.slice().sort((a, b) => NAME_ORDER.compare(a.name, b.name) || a.id - b.id);
  return jsonArrayBytes(byName, (r) => r.summary, placed);
}

/**
 * `[text,text,…]` encoded straight into bytes of its exact size (the joined string first was
 * one more copy of every summary, 26 MB at 100,000 objects, at the worker's busiest moment);
 * `placed` hears where each text now lies in them.
 */
function jsonArrayBytes<T>(items: readonly T[], textOf: (item: T) => JsonText, placed: (item: T, bytes: Uint8Array) => void): Uint8Array {
  let size = 2 + Math.max(0, items.length - 1);
  for (const item of items) {
    const t = textOf(item);
    size += typeof t === 'string' ? Buffer.byteLength(t) : t.byteLength;
  }
  const out = new Uint8Array(size);
  let n = 0;
  out[n++] = 0x5b;
  items.forEach((item, i) => {
    if (i) out[n++] = 0x2c;
    const t = textOf(item);
    const start = n;
    if (typeof t === 'string') n += utf8.encodeInto(t, out.subarray(n)).written;
    else {
      out.set(t, n);
      n += t.byteLength;
    }
    placed(item, out.subarray(start, n));
  });
  out[n] = 0x5d;
  return out;
}

/** [sensorId, objectId] of each object's ignition sensor among a list's rows, as ignitionSensors() gives them once stored. */
export function ignitionPairs(rows: readonly Pick<ListRow, 'id' | 'ignition'>[]): [number, number][] {
  return rows.flatMap((r): [number, number][] => (r.ignition === null ? [] : [[r.ignition, r.id]]));
}

export class ObjectsRepo {
  private readonly insertObject;
  private readonly selectAll;
  private readonly selectSummaries;
  private readonly selectSummary;
  private readonly selectJsonById;
  private readonly selectJsonBytesById;
  private readonly selectOne;
  private readonly writeList;
  private readonly selectList;

  constructor(
    private readonly db: Db,
    private readonly meta: MetaRepo,
  ) {
    this.insertObject = db.prepare(
      // A row's JSON or summary given as bytes is stored as the text it is, as a string would be.
      "INSERT INTO objects (id, ord, name, plate, imei, status, json, summary, ignition_sensor, fetched_at) VALUES (?, ?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), ?, ?)",
    );
    this.selectAll = db.prepare('SELECT json FROM objects ORDER BY ord').pluck();
    this.selectSummaries = db.prepare('SELECT summary FROM objects ORDER BY ord').pluck();
    this.selectSummary = db.prepare('SELECT summary FROM objects WHERE id = ?').pluck();
    this.selectJsonById = db.prepare('SELECT id, json FROM objects').raw();
    this.selectJsonBytesById = db.prepare('SELECT id, CAST(json AS BLOB) FROM objects').raw();
    this.selectOne = db.prepare('SELECT json FROM objects WHERE id = ?').pluck();
    // The summaries joined, as prepareList made them (migration 006).
    this.writeList = db.prepare('INSERT OR REPLACE INTO objects_list (id, json) VALUES (1, ?)');
    this.selectList = db.prepare('SELECT json FROM objects_list WHERE id = 1').pluck();
  }

  /**
   * Replaces the whole list (sensors inside each object) in one transaction: objects the service no
   * longer returns disappear. Records `fetchedAt` as the objects data set's last good time.
   * Duplicate ids: the last occurrence wins.
   */
  replaceAll(objects: readonly FleetObject[], fetchedAt: number): void {
    this.store(prepareList(objects), fetchedAt);
  }

  /** Writes a list made by `prepareList`: what replaceAll does, in two steps. */
  store(list: PreparedList, fetchedAt: number): void {
    const run = this.db.transaction(() => {
      this.db.exec('DELETE FROM objects;');
      list.rows.forEach((r, ord) => {
        this.insertObject.run(r.id, ord, r.name, r.plate, r.imei, r.status, r.json, r.summary, r.ignition, Math.round(fetchedAt));
      });
      this.writeList.run(list.listJson);
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

  /** Every object's summary (`summaryOf`), in the order the service returned them (stored so at write: less to parse, nothing to strip). */
  summaries(): ObjectSummary[] {
    return (this.selectSummaries.all() as string[]).map((j) => summaryFromRow(JSON.parse(j)));
  }

  /** These objects' summaries (those still in the list). */
  summariesOf(ids: readonly number[]): ObjectSummary[] {
    return ids.flatMap((id) => {
      const j = this.selectSummary.get(id) as string | undefined;
      return j === undefined ? [] : [summaryFromRow(JSON.parse(j))];
    });
  }

  /**
   * Which objects of `next` are new or differ from what is stored (by their stored JSON),
   * and which stored ones it no longer has: what a refresh changed, for a delta push.
   */
  diff(next: readonly FleetObject[]): { changed: number[]; removed: number[] } {
    return this.diffRows(next.map((o) => ({ id: o.Id, json: JSON.stringify(o) })));
  }

  /** diff() of rows already encoded (`listRow`: the ingest worker encodes each object once, for the list's hash, this and the store). */
  diffRows(next: readonly Pick<ListRow, 'id' | 'json'>[]): { changed: number[]; removed: number[] } {
    // Each id's first place in `next`: a repeated id is compared once, its repeats count as changed.
    const first = new Map<number, number>();
    for (const [i, r] of next.entries()) if (!first.has(r.id)) first.set(r.id, i);
    // The stored rows are read one at a time: all their JSON held at once is about the size of
    // the list's body (over 100 MB at 100,000 objects), beside the new list being decoded. They
    // are read as bytes where the new rows are bytes, and compared without decoding either.
    const asBytes = next.some((r) => typeof r.json !== 'string');
    const stored = (asBytes ? this.selectJsonBytesById : this.selectJsonById).iterate() as IterableIterator<[number, JsonText]>;
    const same = new Set<number>();
    const removed: number[] = [];
    for (const [id, json] of stored) {
      const i = first.get(id);
      if (i === undefined) removed.push(id);
      else if (sameJson(json, next[i]!.json)) same.add(id);
    }
    const changed = new Set<number>();
    for (const [i, r] of next.entries()) if (first.get(r.id) !== i || !same.has(r.id)) changed.add(r.id);
    return { changed: [...changed], removed };
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

  /** No object stored: one row looked at, where a count walks an index of every object. */
  isEmpty(): boolean {
    return this.db.prepare('SELECT NOT EXISTS (SELECT 1 FROM objects)').pluck().get() === 1;
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
