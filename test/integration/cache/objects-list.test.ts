/**
 * objects/list's bytes: the stored list as one UTF-8 JSON array (migration 006), equal to the
 * summaries row by row, through every kind of refresh, an upgrade, and both transports.
 */
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from '../../../common/codec';
import { objectsOf, summaryOf, SUMMARY_KEYS } from '../../../common/methods/live';
import type { FleetObject } from '../../../common/resources';
import { cacheFileFor, MIGRATIONS, openDb } from '../../../main/core/cache';
import { useTempCaches } from './helpers';

const t = useTempCaches();

function object(id: number, name = `Truck ${id}`): FleetObject {
  return {
    Id: id,
    Name: name,
    StateNumber: `B-${id}`,
    GroupIds: [1, id],
    // Fields no window reads from the list, one of them a server's own.
    CompanyName: 'Acme',
    CreateDate: '2024-01-02T03:04:05',
    Odometer: 12345,
    Sensors: [{ Id: id * 10, Name: 'Ignition', Source: 'din1', DataType: 1, OnText: 'On', OffText: 'Off' }],
  } as FleetObject;
}
const listed = (c: { objects: { listJson(): Uint8Array } }) => objectsOf({ json: c.objects.listJson(), fetchedAt: null });

describe('the stored object list (objects/list)', () => {
  it('is an empty array before any list was stored', () => {
    const c = t.open({ dataDir: t.tempDir() });
    expect(listed(c)).toEqual([]);
  });

  it('is in name order, numbers in names by their value, case and accents aside, equal names by id', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll([object(5, 'van 10'), object(4, 'Van 9'), object(9, 'Ästra 1'), object(2, 'Bus'), object(8, 'bus'), object(1, 'astra 2')], 10);
    expect(listed(c).map((o) => [o.Id, o.Name])).toEqual([
      [9, 'Ästra 1'],
      [1, 'astra 2'],
      [2, 'Bus'],
      [8, 'bus'],
      [4, 'Van 9'],
      [5, 'van 10'],
    ]);
  });

  it('equals the summaries after each refresh: names in any script, a duplicate id, a removal, an empty list', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll([object(3, 'Lkw Müller 🚚'), object(1, 'Кострома "1"'), object(2), object(1, 'Кострома, last wins')], 10);
    expect(new Set(listed(c))).toEqual(new Set(c.objects.summaries()));
    // A duplicate id takes its last occurrence's place (ObjectsRepo.replaceAll).
    expect(listed(c).map((o) => o.Name)).toEqual(['Lkw Müller 🚚', 'Truck 2', 'Кострома, last wins']);
    // Only what the windows read: no sensors, no company, no server's own extras.
    expect(listed(c).every((o) => Object.keys(o).every((k) => (SUMMARY_KEYS as readonly string[]).includes(k)))).toBe(true);

    c.objects.replaceAll([object(2, 'Renamed'), object(4)], 20);
    expect(listed(c)).toEqual(c.objects.summaries());
    expect(listed(c).map((o) => o.Id)).toEqual([2, 4]);

    c.objects.replaceAll([], 30);
    expect(listed(c)).toEqual([]);
  });

  it("tells a refresh's changes from the stored list: changed, new, repeated and removed ids, in the list's order", () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll([object(1), object(2), object(3)], 10);
    const next = [object(2, 'Renamed'), object(3), object(4), object(3)];
    expect(c.objects.diff(next)).toEqual({ changed: [2, 4, 3], removed: [1] });
    // The rows the ingest worker passes stand for the objects by their text: equal text, unchanged.
    const rows = next.map((o) => ({ id: o.Id, json: JSON.stringify(o) }));
    rows[0]!.json = JSON.stringify(object(2));
    expect(c.objects.diffRows(rows)).toEqual({ changed: [4, 3], removed: [1] });
    expect(c.objects.diff([])).toEqual({ changed: [], removed: [1, 2, 3] });
  });

  it('is filled by the upgrade from the summaries a cache already had', () => {
    const dataDir = t.tempDir();
    const file = cacheFileFor(dataDir, 'https://fleet.example.com', 'alice');
    const old = openDb(file, { migrations: MIGRATIONS.slice(0, 5) });
    const insert = old.prepare(`INSERT INTO objects (id, ord, name, json, summary, fetched_at) VALUES (?, ?, ?, ?, json_remove(?, '$.Sensors'), 1)`);
    for (const [ord, o] of [object(7, 'Seven'), object(5, 'Five')].entries()) insert.run(o.Id, ord, o.Name, JSON.stringify(o), JSON.stringify(o));
    old.close();

    const c = t.open({ dataDir });
    expect(listed(c).map((o) => o.Name)).toEqual(['Seven', 'Five']);
    expect(listed(c)).toEqual(c.objects.summaries());
  });

  it('keeps, after the upgrade to slim summaries, only what the windows read, as a new list would', () => {
    const dataDir = t.tempDir();
    const file = cacheFileFor(dataDir, 'https://fleet.example.com', 'alice');
    const old = openDb(file, { migrations: MIGRATIONS.slice(0, 7) });
    const insert = old.prepare(`INSERT INTO objects (id, ord, name, json, summary, fetched_at) VALUES (?, ?, ?, ?, json_remove(?, '$.Sensors'), 1)`);
    const objects = [object(7, 'Seven'), { ...object(5, 'Five'), Status: 2, TimeZone: 'Europe/Vilnius', MaxSpeed: 90 }];
    for (const [ord, o] of objects.entries()) insert.run(o.Id, ord, o.Name, JSON.stringify(o), JSON.stringify(o));
    old.exec(`UPDATE objects_list SET json = CAST((SELECT '[' || group_concat(summary, ',') || ']' FROM (SELECT summary FROM objects ORDER BY ord)) AS BLOB)`);
    expect(Object.keys(objectsOf({ json: old.prepare('SELECT json FROM objects_list').pluck().get() as Uint8Array, fetchedAt: 1 })[0]!)).toContain('CompanyName');
    old.close();

    const c = t.open({ dataDir });
    expect(listed(c)).toEqual(objects.map(summaryOf));
    expect(c.objects.summaries()).toEqual(objects.map(summaryOf));
  });

  it('crosses both transports as bytes: the binary frame (browser mode) and structured clone (Electron)', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.objects.replaceAll(Array.from({ length: 500 }, (_, i) => object(i + 1, `Ünit ${i + 1}`)), 10);
    const reply = { type: 'reply', id: 1, result: { json: c.objects.listJson(), fetchedAt: 10 } };
    const frame = encodeFrame(reply);
    // Bytes as they are: the frame is the list plus a short header, not the list encoded again.
    expect((frame as Uint8Array).byteLength).toBeLessThan(reply.result.json.byteLength + 200);
    const viaSocket = decodeFrame(frame) as typeof reply;
    expect(objectsOf(viaSocket.result)).toEqual(c.objects.summaries());
    const viaIpc = structuredClone(reply);
    expect(objectsOf(viaIpc.result)).toEqual(c.objects.summaries());
  });
});
