import { describe, expect, it } from 'vitest';
import { Ignition } from '../../../common/methods/live';
import type { FleetObject, ObjectsStatus, ObjectsStatusBatches, Position, SensorValue } from '../../../common/resources';
import { createHash } from 'node:crypto';
import { parseObjectsList } from '../../../main/core/api/objects';
import { cacheFileFor, MIGRATIONS, openDb } from '../../../main/core/cache';
import { LAUNCH_COLUMNS_SQL } from '../../../main/core/cache/status';
import { ingestObjects } from '../../../main/core/sync/ingest-list';
import { BEFORE_009 } from './before-migrations';
import { useTempCaches } from './helpers';

const t = useTempCaches();

/** Object `id` has sensor id*10+1 named `ignitionName` (on/off) and id*10+2 a fuel gauge. */
function object(id: number, ignitionName = 'Ignition'): FleetObject {
  return {
    Id: id,
    Name: `Truck ${id}`,
    Sensors: [
      { Id: id * 10 + 2, Name: 'Fuel', Source: 'lls1', DataType: 2, OnText: '', OffText: '' },
      { Id: id * 10 + 1, Name: ignitionName, Source: 'din1', DataType: 1, OnText: 'On', OffText: 'Off' },
    ],
  } as FleetObject;
}
function pos(id: number, over: Partial<Position> = {}): Position {
  return { ObjectId: id, Online: true, Lat: 55, Lng: 37, Time: 1000, Speed: 0, heading: 0, ...over };
}
function status(positions: Position[], sensorValues: SensorValue[]): ObjectsStatus {
  return { Positions: positions, SensorValues: sensorValues, DriverKeys: [], Stats: [] };
}
const ign = (objectId: number, value: number, time = 1000): SensorValue => ({ SensorId: objectId * 10 + 1, Time: time, Value: value });
const sensorIds = (readings: readonly SensorValue[]) => readings.map((r) => r.SensorId);
const byId = (c: { ids: Int32Array; ignition: Uint8Array }) => Object.fromEntries([...c.ids].map((id, i) => [id, c.ignition[i]]));

/** A cache that stored these objects and this status, opened again: a restart. */
function restarted(objects: FleetObject[], stored: ObjectsStatus) {
  const dataDir = t.tempDir();
  const before = t.open({ dataDir });
  before.objects.replaceAll(objects, 1);
  before.status.applyStatus(stored, 10);
  before.close();
  return t.open({ dataDir });
}

describe('status: ignition column', () => {
  it('carries each object’s ignition reading with its position, unknown without a sensor', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll([object(1), object(2), object(3, 'Signal strength')], 1);
    const first = c.status.applyStatus(status([pos(1), pos(2), pos(3)], [ign(1, 1), ign(2, 0), ign(3, 1)]), 10);
    // Object 3's on/off sensor is not an ignition: "Signal" must not read as "ign".
    expect(byId(first)).toEqual({ 1: Ignition.on, 2: Ignition.off, 3: Ignition.unknown });
    expect(byId(c.status.snapshot())).toEqual({ 1: Ignition.on, 2: Ignition.off, 3: Ignition.unknown });
  });

  it('re-sends an object whose ignition switched although it did not move, and only that one', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll([object(1), object(2)], 1);
    c.status.applyStatus(status([pos(1), pos(2)], [ign(1, 0), ign(2, 0)]), 10);
    const delta = c.status.applyStatus(status([pos(1), pos(2)], [ign(1, 1, 2000), ign(2, 0, 2000)]), 20);
    expect([...delta.ids]).toEqual([1]);
    expect(delta.ignition[0]).toBe(Ignition.on);
    expect(delta.lat[0]).toBe(55);
  });

  it('keeps the column across a restart and follows a changed object list', () => {
    const c2 = restarted([object(1), object(2, 'Door')], status([pos(1), pos(2)], [ign(1, 1), ign(2, 1)]));
    expect(byId(c2.status.snapshot())).toEqual({ 1: Ignition.on, 2: Ignition.unknown });
    // Object 2's input is renamed to what it is: the ignition.
    c2.objects.replaceAll([object(1), object(2, 'ACC')], 20);
    expect(c2.status.reloadIgnition()).toBe(true);
    expect(byId(c2.status.snapshot())).toEqual({ 1: Ignition.on, 2: Ignition.on });
    expect(c2.status.reloadIgnition()).toBe(false);
  });
});

describe('status: the first snapshot after a restart', () => {
  const columns = (c: { ids: Int32Array; lat: Float64Array; lng: Float64Array; time: Float64Array; speed: Float32Array; heading: Float32Array; online: Uint8Array; ignition: Uint8Array }) =>
    [...c.ids].map((id, i) => [id, c.lat[i], c.lng[i], c.time[i], c.speed[i], c.heading[i], c.online[i], c.ignition[i]]);

  it('is read straight from the file at launch, the same as from the loaded copy, and handed out once', () => {
    // Object 2 has no speed or heading: NaN in both reads.
    const stored = status([pos(3, { Lat: 48.1, Speed: 61.5 }), pos(1, { Online: false }), { ObjectId: 2, Online: true, Lat: 50, Lng: 14, Time: 5000 }], [ign(1, 0), ign(2, 1), ign(3, 1)]);
    const c2 = restarted([object(3), object(1), object(2, 'Door')], stored);
    c2.status.warm();
    const launch = columns(c2.status.snapshot());
    expect(launch).toEqual([
      [1, 55, 37, 1000, 0, 0, 0, Ignition.off],
      [2, 50, 14, 5000, NaN, NaN, 1, Ignition.unknown],
      [3, 48.1, 37, 1000, 61.5, 0, 1, Ignition.on],
    ]);
    // Later snapshots read the file again (the columns were transferred away) until the copy is loaded, then from it.
    expect(columns(c2.status.snapshot())).toEqual(launch);
    c2.status.load();
    expect(columns(c2.status.snapshot())).toEqual(launch);
  });

  it('finds each object’s ignition sensor in an index, never reading the object’s stored row, in a cache from before that index too', () => {
    const dataDir = t.tempDir();
    const before = t.open({ dataDir });
    before.objects.replaceAll([object(1), object(2)], 1);
    before.status.applyStatus(status([pos(1), pos(2)], [ign(1, 1), ign(2, 0)]), 10);
    before.db.exec(`${BEFORE_009} DELETE FROM schema_migrations WHERE id >= 9;`);
    before.close();
    const c = t.open({ dataDir });
    const plan = (c.db.prepare(`EXPLAIN QUERY PLAN ${LAUNCH_COLUMNS_SQL}`).all() as { detail: string }[]).map((r) => r.detail);
    expect(plan.find((d) => /\bo\b/.test(d))).toMatch(/COVERING INDEX objects_ignition_by_id/);
    c.status.warm();
    expect(byId(c.status.snapshot())).toEqual({ 1: Ignition.on, 2: Ignition.off });
  });

  it('is not the launch read when the object list changed the ignition sensors meanwhile', () => {
    const c2 = restarted([object(1), object(2, 'Door')], status([pos(1), pos(2)], [ign(1, 1), ign(2, 1)]));
    c2.status.warm();
    c2.objects.replaceAll([object(1), object(2, 'ACC')], 20);
    expect(c2.status.reloadIgnition()).toBe(true);
    expect(byId(c2.status.snapshot())).toEqual({ 1: Ignition.on, 2: Ignition.on });
  });
});

describe('migration 002: a cache from before the ignition column', () => {
  it('makes the next objects refresh rewrite the sensors, so ignition appears without a sign-out', () => {
    const dataDir = t.tempDir();
    const file = cacheFileFor(dataDir, 'https://fleet.example.com', 'alice');
    const text = JSON.stringify([object(1)]);
    // What migration 001's cache held after storing this very list: rows and their hash.
    const hash = createHash('sha256').update(JSON.stringify(parseObjectsList(JSON.parse(text), 'test'))).digest('base64');
    const old = openDb(file, { migrations: MIGRATIONS.slice(0, 1) });
    old.prepare(`INSERT INTO objects (id, ord, name, json, fetched_at) VALUES (1, 0, 'Truck 1', ?, 1)`).run(JSON.stringify(object(1)));
    old.prepare(`INSERT INTO sensors (object_id, id, ord, name, json) VALUES (1, 11, 1, 'Ignition', '{}')`).run();
    old.prepare(`INSERT INTO kv (key, value) VALUES ('objects:hash', ?)`).run(JSON.stringify(hash));
    old.close();

    const c = t.open({ dataDir });
    expect(c.objects.ignitionSensors()).toEqual([]);
    // The same list as stored: without the dropped hash this refresh would be skipped.
    expect(ingestObjects(c, text, 5)).toMatchObject({ changed: true, ignitionChanged: true });
    expect(c.objects.ignitionSensors()).toEqual([[11, 1]]);
    expect(ingestObjects(c, text, 6)).toMatchObject({ changed: false });
  });
});

describe('migration 003: a cache from before the stored summaries', () => {
  it('lists its objects without their sensors at once, and after the next refresh', () => {
    const dataDir = t.tempDir();
    const file = cacheFileFor(dataDir, 'https://fleet.example.com', 'alice');
    const old = openDb(file, { migrations: MIGRATIONS.slice(0, 2) });
    old.prepare(`INSERT INTO objects (id, ord, name, json, fetched_at) VALUES (1, 0, 'Truck 1', ?, 1)`).run(JSON.stringify(object(1)));
    old.close();

    const c = t.open({ dataDir });
    expect(object(1).Sensors?.length).toBeGreaterThan(0);
    const { Sensors: _dropped, ...summary } = object(1);
    expect(c.objects.summaries()).toEqual([summary]);
    expect(c.objects.summariesOf([1, 99])).toEqual([summary]);
    c.objects.replaceAll([object(1), object(2, 'ACC')], 7);
    const { Sensors: _also, ...second } = object(2, 'ACC');
    expect(c.objects.summaries()).toEqual([summary, second]);
  });
});

describe('the object list’s hash', () => {
  it('is the one earlier versions stored (over the whole list’s JSON): an unchanged list is still known unchanged', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const list = [object(1), { ...object(2), Name: 'Фура "2"', Extra: { nested: [1, null, 'é'] } } as FleetObject];
    const text = JSON.stringify(list);
    expect(ingestObjects(c, text, 5)).toMatchObject({ changed: true });
    const earlier = createHash('sha256').update(JSON.stringify(parseObjectsList(JSON.parse(text), 'test'))).digest('base64');
    c.meta.set('objects:hash', earlier);
    expect(ingestObjects(c, text, 6)).toMatchObject({ changed: false });
  });
});

/** A status as batches that note which of its arrays were read, and when. */
function noting(s: ObjectsStatus): { batches: ObjectsStatusBatches; read: string[] } {
  const read: string[] = [];
  function* part<T>(name: string, list: readonly T[]): Generator<readonly T[]> {
    read.push(name);
    yield list;
  }
  return { batches: { Positions: part('Positions', s.Positions), SensorValues: part('SensorValues', s.SensorValues), DriverKeys: part('DriverKeys', s.DriverKeys), Stats: part('Stats', s.Stats) }, read };
}

describe('status: the readings of a stage', () => {
  it('are read after the answer while no ignition sensor is known (a first sign-in), and stored with the rest', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const readings = [ign(1, 1), ign(2, 0), { SensorId: 12, Time: 1000, Value: 37.5 }];
    const { batches, read } = noting(status([pos(1), pos(2)], readings));
    const staged = c.status.stage(batches, 10);
    expect(read).toEqual(['Positions']);
    expect([...staged.changes.positions.ids]).toEqual([1, 2]);
    expect([...staged.changes.positions.ignition]).toEqual([Ignition.unknown, Ignition.unknown]);
    expect(staged.changes.sensorIds).toEqual([]);
    staged.write();
    expect(read).toEqual(['Positions', 'SensorValues', 'DriverKeys', 'Stats']);
    expect(staged.changes.sensorIds).toEqual(sensorIds(readings));
    expect(c.status.sensorValuesOf([11, 12, 21])).toEqual(expect.arrayContaining(readings));
    // The copy holds them: the same readings again are no change.
    const again = c.status.ingest(status([pos(1), pos(2)], readings), 20);
    expect(again.sensorIds).toEqual([]);
  });

  it('are read after the answer a turn at a time, given to the copy once the last is read (decision 0083)', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const readings = [ign(1, 1), ign(2, 0), ign(3, 1)];
    // Three batches of readings and two of stats; a turn of 0 ms is spent after every batch.
    const batches: ObjectsStatusBatches = {
      Positions: [[pos(1), pos(2), pos(3)]],
      SensorValues: readings.map((r) => [r]),
      DriverKeys: [[{ ObjectId: 1, Time: 1000, UId: 'A' }]],
      Stats: [[{ ObjectId: 1, Day: 100 * 86_400_000, Length: 1 }], [{ ObjectId: 2, Day: 100 * 86_400_000, Length: 2 }]],
    } as ObjectsStatusBatches;
    const staged = c.status.stage(batches, 10, 0);
    const turns: number[] = [];
    while (staged.restTurn()) turns.push(staged.changes.sensorIds.length);
    // A turn per batch: the readings' three give them to the change set only once all are read, then the stats' two.
    expect(turns).toEqual([0, 0, 0, 3, 3]);
    expect(staged.changes.sensorIds).toEqual(sensorIds(readings));
    expect(staged.changes.stats.objectIds).toEqual([1, 2]);
    // The last turn read it all: the write writes what was read, and nothing is read again.
    expect(staged.restTurn()).toBe(false);
    staged.write();
    expect(c.status.sensorValuesOf([11, 21, 31])).toEqual(expect.arrayContaining(readings));
    expect(c.status.ingest(status([pos(1), pos(2), pos(3)], readings), 20).sensorIds).toEqual([]);
  });

  it('are read in one go by a write that comes while some turns are left', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const readings = [ign(1, 1), ign(2, 0), ign(3, 1)];
    const batches = { Positions: [[pos(1), pos(2), pos(3)]], SensorValues: readings.map((r) => [r]), DriverKeys: [], Stats: [] } as ObjectsStatusBatches;
    const staged = c.status.stage(batches, 10, 0);
    expect(staged.step()).toBe(true);
    expect(staged.changes.sensorIds).toEqual([]);
    staged.write();
    expect(staged.changes.sensorIds).toEqual(sensorIds(readings));
    expect(c.status.sensorValuesOf([11, 21, 31])).toEqual(expect.arrayContaining(readings));
  });

  it('are read before the answer once an ignition sensor is known, and the answer carries each ignition', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll([object(1), object(2)], 1);
    const { batches, read } = noting(status([pos(1), pos(2)], [ign(1, 1), ign(2, 0)]));
    const staged = c.status.stage(batches, 10);
    expect(read).toEqual(['Positions', 'SensorValues']);
    expect([...staged.changes.positions.ignition]).toEqual([Ignition.on, Ignition.off]);
    expect(staged.changes.sensorIds).toEqual(sensorIds([ign(1, 1), ign(2, 0)]));
    staged.write();
    expect(read).toEqual(['Positions', 'SensorValues', 'DriverKeys', 'Stats']);
  });
});
