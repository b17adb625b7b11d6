import { describe, expect, it } from 'vitest';
import type { ObjectsStatus, Position } from '../../../common/resources';
import { wholeStatus } from '../../../main/core/cache';
import { STATUS_WRITE_SLICE } from '../../../main/core/cache/sliced-write';
import { useTempCaches } from './helpers';

const t = useTempCaches();

function pos(id: number, over: Partial<Position> = {}): Position {
  return { ObjectId: id, Online: true, Lat: 55 + id / 1000, Lng: 37 + id / 1000, Time: 1000 * id, Speed: 10, heading: 90, ...over };
}
function status(positions: Position[], extra: Partial<ObjectsStatus> = {}): ObjectsStatus {
  return { Positions: positions, SensorValues: [], DriverKeys: [], Stats: [], ...extra };
}

const DAY = 86_400_000;
const stat = (objectId: number, day: number, length: number) => ({ ObjectId: objectId, Day: day * DAY, Length: length });
/** A change set's stats when none changed. */
const noStats = { objectIds: [], days: [], json: [] };
const storedDays = (c: ReturnType<typeof t.open>) => c.db.prepare('SELECT DISTINCT day / 86400000 FROM daily_stats ORDER BY 1').pluck().all();

describe('a status written in slices (write-behind.ts)', () => {
  const n = STATUS_WRITE_SLICE + 2_000;
  const big = (lat: number) =>
    wholeStatus(status(Array.from({ length: n }, (_, i) => pos(i + 1, { Lat: lat })), { DriverKeys: Array.from({ length: n }, (_, i) => ({ ObjectId: i + 1, Time: lat, UId: `K${i}` })) }));
  const count = (c: ReturnType<typeof t.open>, table: string) => c.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

  it('writes a slice per step, the last good time with the last, and the same file as at once', () => {
    const c = t.open({ dataDir: t.tempDir() });
    // One turn long enough for the whole rest (decision 0083).
    const staged = c.status.stage(big(50), 1000, Infinity);
    // The first step reads the rest of the status (the keys and stats, decision 0078), and writes nothing.
    expect(staged.changes.driverKeys).toEqual([]);
    expect(staged.step()).toBe(true);
    expect(staged.changes.driverKeys).toHaveLength(n);
    expect([count(c, 'last_positions'), count(c, 'last_driver_keys'), c.status.fetchedAt()]).toEqual([0, 0, null]);
    expect(staged.step()).toBe(true);
    expect([count(c, 'last_positions'), count(c, 'last_driver_keys'), c.status.fetchedAt()]).toEqual([STATUS_WRITE_SLICE, 0, null]);
    const steps = [true];
    while (steps.at(-1)) steps.push(staged.step());
    // 24,000 rows: positions, then keys.
    expect(steps).toEqual([true, true, false]);
    expect([count(c, 'last_positions'), count(c, 'last_driver_keys'), c.status.fetchedAt()]).toEqual([n, n, 1000]);

    const whole = t.open({ dataDir: t.tempDir() });
    whole.status.stage(big(50), 1000).write();
    expect(c.status.allDriverKeys()).toEqual(whole.status.allDriverKeys());
    expect(c.status.position(n)).toEqual(whole.status.position(n));
  });

  it('writes the rest at once after some slices; a slice that fails leaves the next poll to write what it could not', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const first = c.status.stage(big(50), 1000);
    first.step();
    first.write();
    expect([count(c, 'last_positions'), count(c, 'last_driver_keys'), c.status.fetchedAt()]).toEqual([n, n, 1000]);

    c.db.exec("CREATE TRIGGER refuse_keys BEFORE INSERT ON last_driver_keys BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const second = c.status.stage(big(51), 2000);
    expect(second.step()).toBe(true);
    expect(() => {
      while (second.step());
    }).toThrow(/disk full/);
    // The positions of the slices written stay; the copy is dropped, so the next poll diffs against the file.
    expect(c.status.position(1)!.Lat).toBe(51);
    c.db.exec('DROP TRIGGER refuse_keys');
    // The failed slice's 2,000 positions (and every key) were rolled back: they are this poll's changes.
    const third = c.status.stage(big(51), 3000);
    expect([...third.changes.positions.ids]).toEqual(Array.from({ length: 2_000 }, (_, i) => STATUS_WRITE_SLICE + 1 + i));
    third.rest();
    expect(third.changes.driverKeys).toHaveLength(n);
    third.write();
    expect([c.status.position(n)!.Lat, c.status.fetchedAt()]).toEqual([51, 3000]);
  });
});

describe('a status naming one reading, key or stat twice', () => {
  it('keeps the later, as it keeps the later of two positions, whatever the copy held', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const reading = (value: number) => ({ SensorId: 11, Time: 5000, Value: value });
    const key = (uid: string) => ({ ObjectId: 1, Time: 5000, UId: uid });
    c.status.ingest(status([pos(1)], { SensorValues: [reading(1)], DriverKeys: [key('A')], Stats: [stat(1, 100, 10)] }), 1000);
    // The earlier of each pair differs from the copy, the later is the copy's: the later stays.
    const changes = c.status.ingest(status([pos(1)], { SensorValues: [reading(7), reading(1)], DriverKeys: [key('B'), key('A')], Stats: [stat(1, 100, -1), stat(1, 100, 10)] }), 2000);
    expect([c.status.sensorValuesOf([11]), c.status.driverKey(1), c.status.dailyStat(1, 100 * DAY)]).toEqual([[reading(1)], key('A'), stat(1, 100, 10)]);
    expect(changes.sensorIds).toEqual([11]);
    // And the other way round: the later differs from the copy.
    c.status.ingest(status([pos(1)], { SensorValues: [reading(1), reading(0)], DriverKeys: [key('A'), key('C')], Stats: [stat(1, 100, 10), stat(1, 100, 12)] }), 3000);
    expect([c.status.sensorValuesOf([11]), c.status.driverKey(1), c.status.dailyStat(1, 100 * DAY)]).toEqual([[reading(0)], key('C'), stat(1, 100, 12)]);
  });
});

describe('daily stats over many days (decision 0058)', () => {
  it('a restart reads back the latest day only; the file keeps a month behind the newest day', () => {
    const dataDir = t.tempDir();
    const c1 = t.open({ dataDir });
    // Forty days of a running console, one status a day for two objects.
    for (let day = 100; day < 140; day++) c1.status.ingest(status([pos(1), pos(2)], { Stats: [stat(1, day, day), stat(2, day, 2 * day)] }), day * DAY);
    expect(storedDays(c1)).toEqual(Array.from({ length: 32 }, (_, i) => 108 + i));
    expect(c1.status.dailyStat(2, 139 * DAY)).toEqual(stat(2, 139, 278));
    c1.close();

    const c2 = t.open({ dataDir });
    expect(c2.status.ingest(status([pos(1), pos(2)], { Stats: [stat(1, 139, 139), stat(2, 139, 278)] }), 140 * DAY).stats).toEqual(noStats);
    // Around midnight a server may still send yesterday beside today: written once more, then kept beside today.
    const both = { Stats: [stat(1, 138, 138), stat(1, 139, 139), stat(2, 139, 278)] };
    expect(c2.status.ingest(status([pos(1), pos(2)], both), 140 * DAY).stats).toMatchObject({ objectIds: [1], days: [138 * DAY] });
    expect(c2.status.ingest(status([pos(1), pos(2)], both), 140 * DAY).stats).toEqual(noStats);
    const changed = c2.status.ingest(status([pos(1), pos(2)], { Stats: [stat(1, 139, 139), stat(2, 139, 300)] }), 141 * DAY);
    expect(changed.stats).toEqual({ objectIds: [2], days: [139 * DAY], json: [JSON.stringify(stat(2, 139, 300))] });
    expect(c2.status.dailyStat(2, 139 * DAY)).toEqual(stat(2, 139, 300));
  });

  it('an object dropped from the list loses its stats with its position', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.status.ingest(status([pos(1), pos(2)], { Stats: [stat(1, 5, 1), stat(2, 5, 2), stat(3, 5, 3)] }), 5 * DAY);
    expect(c.status.prune([1])).toBe(2);
    expect(c.status.dailyStats().map((s) => s.ObjectId)).toEqual([1]);
    // Object 3 sent again: new to the copy, so written again.
    expect(c.status.ingest(status([pos(1)], { Stats: [stat(1, 5, 1), stat(3, 5, 3)] }), 6 * DAY).stats).toMatchObject({ objectIds: [3], days: [5 * DAY] });
  });
});

describe('status', () => {
  it('returns every position as the first delta, then only the changed ones', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const first = c.status.applyStatus(status([pos(3), pos(1), pos(2)]), 100);
    expect([...first.ids]).toEqual([1, 2, 3]);
    expect(first.lat[0]).toBe(55.001);
    expect(first.online[0]).toBe(1);

    const second = c.status.applyStatus(status([pos(1), pos(2, { Lat: 56 }), pos(3, { Online: false }), pos(4)]), 200);
    expect([...second.ids]).toEqual([2, 3, 4]);
    expect(second.lat[0]).toBe(56);
    expect(second.online[1]).toBe(0);

    const none = c.status.applyStatus(status([pos(1), pos(2, { Lat: 56 }), pos(3, { Online: false }), pos(4)]), 300);
    expect(none.ids.length).toBe(0);
    expect(c.status.fetchedAt()).toBe(300);

    const snap = c.status.snapshot();
    expect([...snap.ids]).toEqual([1, 2, 3, 4]);
    expect([...snap.lat]).toEqual([55.001, 56, 55.003, 55.004]);
  });

  it('after a restart, a snapshot first and then a poll: the poll still compares against every stored reading', () => {
    const dataDir = t.tempDir();
    const c1 = t.open({ dataDir });
    const rest = {
      SensorValues: [{ SensorId: 10, Time: 5, Value: 1.5 }],
      DriverKeys: [{ ObjectId: 1, Time: 6, UId: 'K1' }],
      Stats: [{ ObjectId: 1, Day: 86_400_000, Length: 12.5 }],
    };
    c1.status.applyStatus(status([pos(1), pos(2)], rest), 100);
    c1.close();
    const c2 = t.open({ dataDir });
    expect([...c2.status.snapshot().ids]).toEqual([1, 2]);
    const same = c2.status.ingest(status([pos(1), pos(2)], rest), 200);
    expect(same).toMatchObject({ sensorIds: [], driverKeys: [], stats: noStats });
    expect(same.positions.ids).toHaveLength(0);
    const changed = c2.status.ingest(status([pos(1), pos(2)], { ...rest, SensorValues: [{ SensorId: 10, Time: 7, Value: 2 }] }), 300);
    expect(changed.sensorIds).toEqual([10]);
    expect(c2.status.sensorValuesOf([10])).toEqual([{ SensorId: 10, Time: 7, Value: 2 }]);
  });

  it('compares against what was stored before a restart', () => {
    const dataDir = t.tempDir();
    const c1 = t.open({ dataDir });
    c1.status.applyStatus(
      status([pos(1), pos(2, { Speed: undefined, heading: undefined })], {
        SensorValues: [{ SensorId: 10, Time: 5, Value: 1.5 }],
        DriverKeys: [{ ObjectId: 1, Time: 6, UId: 'K1' }],
        Stats: [{ ObjectId: 1, Day: 86_400_000, Length: 12.5 }],
      }),
      100,
    );
    c1.close();
    const c2 = t.open({ dataDir });
    const snap = c2.status.snapshot();
    expect([...snap.ids]).toEqual([1, 2]);
    expect(Number.isNaN(snap.speed[1])).toBe(true);
    expect(c2.status.position(2)).toEqual({ ObjectId: 2, Online: true, Lat: 55.002, Lng: 37.002, Time: 2000 });
    expect(c2.status.sensorValuesOf([10])).toEqual([{ SensorId: 10, Time: 5, Value: 1.5 }]);
    expect(c2.status.driverKey(1)).toEqual({ ObjectId: 1, Time: 6, UId: 'K1' });
    expect(c2.status.dailyStats(86_400_000)).toEqual([{ ObjectId: 1, Day: 86_400_000, Length: 12.5 }]);
    const delta = c2.status.applyStatus(status([pos(1), pos(2, { Speed: 5, heading: undefined })]), 200);
    expect([...delta.ids]).toEqual([2]);
    expect(delta.speed[0]).toBe(5);
  });

  it('handles 50,000 objects in one call', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const many = Array.from({ length: 50_000 }, (_, i) => pos(i + 1));
    expect(c.status.applyStatus(status(many), 1).ids.length).toBe(50_000);
    many[123] = pos(124, { Time: 999_999_999 });
    const delta = c.status.applyStatus(status(many), 2);
    expect([...delta.ids]).toEqual([124]);
    expect(c.db.prepare('SELECT count(*) FROM last_positions').pluck().get()).toBe(50_000);
    expect(c.integrityCheck()).toBe('ok');
  });

  it('prune drops objects that left the list', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.status.applyStatus(status([pos(1), pos(2)], { DriverKeys: [{ ObjectId: 2, Time: 1, UId: 'x' }] }), 1);
    expect(c.status.prune([1])).toBe(1);
    expect([...c.status.snapshot().ids]).toEqual([1]);
    expect(c.status.driverKey(2)).toBeUndefined();
  });
});
