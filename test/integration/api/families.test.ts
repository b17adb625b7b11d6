/**
 * One test per endpoint family beyond objects/status, against the simulator. A test whose
 * endpoint the simulator does not implement yet is skipped (named "simulator lacks …").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIntervalTooLong } from '../../../main/core/api/history';
import { needRoute, startHarness, type Harness } from './harness';
import { failure } from '../../support/failure';

let demo: Harness;
let admin: Harness;
let objectId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  demo = await startHarness({ sim: { objects: 8, commandDelayMs: 50 } });
  admin = await startHarness({ reuse: demo.sim, login: 'admin' });
  objectId = (await demo.api.objects.list())[0]!.Id;
});
afterAll(async () => {
  await admin.close();
  await demo.close();
});

describe('history', () => {
  it('POST /api/ObjectsHistory: the last hours, canonical shape', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/ObjectsHistory');
    const now = Date.now();
    const h = await demo.api.history.load({ ObjectId: objectId, From: now - 6 * HOUR, Till: now });
    expect(Array.isArray(h.Track.Intervals)).toBe(true);
    for (const i of h.Track.Intervals) expect(i.From).toBeLessThanOrEqual(i.Till);
    expect(typeof h.Violations.AccelerometerFaulty).toBe('boolean');
    expect(Array.isArray(h.Events)).toBe(true);
  });

  it('POST /api/ObjectsHistory over more than a month: invalid_input with the server message', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/ObjectsHistory');
    const now = Date.now();
    const e = await failure(demo.api.history.load({ ObjectId: objectId, From: now - 40 * DAY, Till: now }));
    expect(e.code).toBe('invalid_input');
    expect(isIntervalTooLong(e)).toBe(true);
    expect(demo.sleeps).toEqual([]);
  });

  it('POST /api/ObjectsHistory/Common, DriverSessions, DailyStat, Events, ParkingMoto', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/ObjectsHistory/Common');
    const now = Date.now();
    const req = { ObjectId: objectId, From: now - DAY, Till: now };
    expect(await demo.api.history.common(req)).toBeTypeOf('object');
    expect(Array.isArray(await demo.api.history.driverSessions(req))).toBe(true);
    expect(Array.isArray(await demo.api.history.driverSessions(req, objectId))).toBe(true);
    expect(Array.isArray(await demo.api.history.dailyStat(req))).toBe(true);
    expect(Array.isArray(await demo.api.history.dailyStat(req, objectId))).toBe(true);
    const ev = await demo.api.history.events(req, objectId);
    for (const e of ev) expect(e.ObjectId).toBe(objectId);
    expect(Array.isArray(await demo.api.history.events(req))).toBe(true);
    expect(Array.isArray(await demo.api.history.parkingMoto(req))).toBe(true);
  });

  it('POST /api/ObjectPackets', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/ObjectPackets');
    const now = Date.now();
    expect(Array.isArray(await demo.api.packets.get({ ObjectId: objectId, From: now - HOUR, Till: now }))).toBe(true);
  });

  it('POST /api/ObjectHistoryImport/import and GET …/status/{operationId}', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/ObjectHistoryImport/import');
    const now = Date.now();
    const op = await demo.api.historyImport.start({ ObjectId: objectId, Points: [{ Lat: 55.7, Lng: 37.6, Time: now - DAY, Speed: 10 }] });
    expect(op).toBeTruthy();
    const st = await demo.api.historyImport.status(op);
    expect(st).toBeTypeOf('object');
  });
});

describe('events', () => {
  it('GET /api/Events/feed, GET /api/Events, POST /api/Events/ack', async (ctx) => {
    await needRoute(ctx, demo, 'GET', '/api/Events');
    const all = await demo.api.events.list();
    const feed = await demo.api.events.feed();
    expect(feed.length).toBeLessThanOrEqual(all.length);
    const first = all[0];
    expect(first, 'the simulator has unacknowledged events').toBeDefined();
    if (!first) return;
    await demo.api.events.ack([first.Id]);
    await demo.api.events.ack([first.Id]); // idempotent
    expect((await demo.api.events.list()).some((e) => e.Id === first.Id)).toBe(false);
  });
});

describe('commands', () => {
  it('POST /api/Commands/run with a raw command and with a template', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/Commands/run');
    await demo.api.commands.run({ ObjectIds: [objectId], Command: 'getstatus' });
    const templates = await demo.api.commandTemplates.list();
    if (templates[0]?.Id !== undefined) await demo.api.commands.run({ ObjectIds: [objectId], TemplateId: templates[0].Id });
  });

  it('a command without TemplateId or Command is refused before sending', async () => {
    const e = await failure(demo.api.commands.run({ ObjectIds: [objectId] }));
    expect(e.code).toBe('invalid_input');
  });
});

describe('geocoder', () => {
  it('POST /api/ReverseGeocoder keeps order and reports unresolved points in Error', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/ReverseGeocoder');
    const p = (await demo.api.status.get()).Positions.find((x) => x.Time > 0)!;
    const r = await demo.api.geocoder.reverse([
      { Latitude: p.Lat, Longitude: p.Lng },
      { Latitude: 95, Longitude: 0 },
      { Latitude: 0, Longitude: -140 },
    ]);
    expect(r).toHaveLength(3);
    expect(r[0]!.Error).toBeNull();
    expect(r[0]!.Address).toBeTruthy();
    expect(r[1]!.Error).toBeTruthy();
    expect(r[2]!.Error).toBeTruthy();
    expect(await demo.api.geocoder.reverse([])).toEqual([]);
  });
});

describe('objects: catalogue', () => {
  it('GET /api/Objects/imei/{imei}/available, /company/{id}, /models, /Icons, /TrendIcons, POST /geticons, GET /odometer/{id}', async (ctx) => {
    await needRoute(ctx, admin, 'GET', '/api/Objects/models');
    const [o] = await admin.api.objects.list();
    expect(await admin.api.objects.isImeiAvailable(o!.IMEI!)).toBe(false);
    expect(await admin.api.objects.isImeiAvailable('000000000000001')).toBe(true);
    expect((await admin.api.objects.listOfCompany(o!.CompanyId!)).every((x) => x.CompanyId === o!.CompanyId)).toBe(true);
    expect((await admin.api.objects.models()).length).toBeGreaterThan(0);
    expect(Array.isArray(await admin.api.objects.icons())).toBe(true);
    expect(Array.isArray(await admin.api.objects.trendIcons())).toBe(true);
    expect(Array.isArray(await admin.api.objects.getIcons([o!.Id]))).toBe(true);
    expect(await admin.api.objects.odometer(o!.Id)).toBeTypeOf('number');
  });

  it('POST, PUT, DELETE /api/Objects, DELETE /api/Objects/delete, seticon, SyncOdometer, SyncEngineTime, setowner, payedtill', async (ctx) => {
    await needRoute(ctx, admin, 'POST', '/api/Objects');
    const [o] = await admin.api.objects.list();
    const imei = '990000000000017';
    const created = await admin.api.objects.create({ Name: 'API test object', IMEI: imei, DeviceType: o!.DeviceType, CompanyId: o!.CompanyId });
    const id = created.id ?? (await admin.api.objects.getByImei(imei)).Id;
    await admin.api.objects.update({ ...(await admin.api.objects.get(id)), Name: 'API test object 2' });
    expect((await admin.api.objects.get(id)).Name).toBe('API test object 2');
    await admin.api.objects.setIcon(o!.IconId ?? 1, [id]);
    await admin.api.objects.syncOdometer(id, 12345);
    await admin.api.objects.syncEngineTime(id, 100);
    await admin.api.objects.setPaidTill({ ObjectIds: [id], PayedTill: Date.now() + 30 * DAY });
    await admin.api.objects.setOwner({ ObjectIds: [id], CompanyId: o!.CompanyId });
    await admin.api.objects.remove(id);
    expect((await failure(admin.api.objects.get(id))).code).toBe('not_found');
    const c2 = await admin.api.objects.create({ Name: 'API test object 3', IMEI: '990000000000018', DeviceType: o!.DeviceType, CompanyId: o!.CompanyId });
    const id2 = c2.id ?? (await admin.api.objects.getByImei('990000000000018')).Id;
    await admin.api.objects.removeMany([id2]);
    expect((await failure(admin.api.objects.get(id2))).code).toBe('not_found');
  });
});

type Rec = { Id?: number; [k: string]: unknown };

/**
 * create → get → update → list → delete, for a loose collection. The body of the new record
 * is a copy of an existing one (the simulator validates required fields), with `overrides`.
 */
async function crudRoundTrip(
  c: {
    list: () => Promise<Rec[]>;
    get?: (id: number) => Promise<Rec>;
    create?: (b: Record<string, unknown>) => Promise<{ id: number | null }>;
    update: (b: Record<string, unknown> & { Id: number }) => Promise<unknown>;
    remove?: (id: number) => Promise<void>;
  },
  overrides: Record<string, unknown> & { Name?: string },
): Promise<void> {
  const before = await c.list();
  const template = before[0];
  expect(template, 'the simulator seeds every collection').toBeDefined();
  if (!c.create) {
    await c.update({ ...template, Id: template!.Id! });
    expect((await c.list()).length).toBe(before.length);
    return;
  }
  const { Id: _id, CompanyId: _c, ...copy } = template!;
  const name = overrides.Name ?? `API test ${Math.random().toString(36).slice(2, 8)}`;
  const created = await c.create({ ...copy, ...overrides, Name: name });
  const id = created.id ?? (await c.list()).find((x) => x.Name === name)?.Id;
  expect(id).toBeTypeOf('number');
  if (c.get) expect((await c.get(id!)).Name).toBe(name);
  await c.update({ Id: id!, Name: `${name} 2` });
  expect((await c.list()).find((x) => x.Id === id)?.Name).toBe(`${name} 2`);
  if (c.remove) {
    await c.remove(id!);
    expect((await c.list()).some((x) => x.Id === id)).toBe(false);
    if (c.get) expect((await failure(c.get(id!))).code).toBe('not_found');
  }
}

describe('admin collections', () => {
  const cases: Array<[string, string, () => Parameters<typeof crudRoundTrip>[0], Record<string, unknown>]> = [
    ['Geozones (no GET /{id})', '/api/Geozones', () => admin.api.geozones, {}],
    ['Geozones/Groups', '/api/Geozones/Groups', () => admin.api.geozones.groups, {}],
    ['Drivers', '/api/Drivers', () => admin.api.drivers.drivers, {}],
    ['DriverGroups', '/api/DriverGroups', () => admin.api.drivers.groups, {}],
    ['DriverKeys', '/api/DriverKeys', () => admin.api.drivers.keys, { UId: 'A1B2C3D4E5' }],
    ['DriverKeyGroups', '/api/DriverKeyGroups', () => admin.api.drivers.keyGroups, {}],
    ['DriverShifts', '/api/DriverShifts', () => admin.api.drivers.shifts, {}],
    ['DriverPenalties (GET, PUT only)', '/api/DriverPenalties', () => admin.api.drivers.penalties, {}],
    ['EventSettings', '/api/EventSettings', () => admin.api.eventSettings, {}],
    ['EventSettingsGroups', '/api/EventSettingsGroups', () => admin.api.eventSettings.groups, {}],
    ['Users', '/api/Users', () => admin.api.users, { Login: 'apitest', Password: 'secret1', CompanyId: 1 }],
    ['Companies (no DELETE)', '/api/Companies', () => admin.api.companies, {}],
    ['Objects/Groups', '/api/Objects/Groups', () => admin.api.groups, {}],
    ['CommandTemplates (no GET /{id})', '/api/CommandTemplates', () => admin.api.commandTemplates, {}],
  ];
  for (const [name, path, get, overrides] of cases) {
    it(`${name}: list, get, create, update, delete as the spec lists them`, async (ctx) => {
      await needRoute(ctx, admin, 'GET', path);
      await crudRoundTrip(get(), overrides);
    });
  }

  it('Users without administration rights: forbidden', async (ctx) => {
    await needRoute(ctx, admin, 'GET', '/api/Users');
    expect((await failure(demo.api.users.list())).code).toBe('forbidden');
  });

  it('GET /api/Companies/statistics', async (ctx) => {
    await needRoute(ctx, admin, 'GET', '/api/Companies/statistics');
    expect(await admin.api.companies.statistics()).toBeTruthy();
  });
});

describe('reports', () => {
  it('ReportTemplates: list, get, PUT, DELETE, types, columns, result', async (ctx) => {
    await needRoute(ctx, admin, 'GET', '/api/ReportTemplates');
    const list = await admin.api.reportTemplates.list();
    const types = await admin.api.reportTemplates.types();
    expect(types.length).toBeGreaterThan(0);
    const t0 = types[0]!;
    const typeKey = typeof t0 === 'object' ? (t0.Id ?? t0.Type ?? t0.Name) : t0;
    expect(Array.isArray(await admin.api.reportTemplates.columns(typeKey as string | number))).toBe(true);
    const first = list[0];
    expect(first?.Id).toBeTypeOf('number');
    const id = first!.Id!;
    const one = await admin.api.reportTemplates.get(id);
    await admin.api.reportTemplates.update({ ...one, Id: id, Name: 'API renamed' });
    expect((await admin.api.reportTemplates.get(id)).Name).toBe('API renamed');
    const result = await admin.api.reportTemplates.result(id);
    expect(result).toBeTruthy();
    await admin.api.reportTemplates.remove(id);
    expect((await admin.api.reportTemplates.list()).some((t) => t.Id === id)).toBe(false);
    expect((await failure(admin.api.reportTemplates.result(id))).code).toBe('not_found');
  });

  it('POST /api/Reports/Moto, GeozoneVisit, Counters, Fuel', async (ctx) => {
    await needRoute(ctx, demo, 'POST', '/api/Reports/Moto');
    const now = Date.now();
    const body = { ObjectIds: [objectId], ObjectId: objectId, From: now - DAY, Till: now };
    for (const r of [demo.api.reports.moto, demo.api.reports.geozoneVisit, demo.api.reports.counters, demo.api.reports.fuel]) {
      expect(await r(body)).toBeTruthy();
    }
  });
});

describe('files', () => {
  it('PUT /api/ObjectFiles/{id}/{time} (multipart), POST /api/ObjectFiles, GET /api/ObjectFiles/{id}', async (ctx) => {
    await needRoute(ctx, demo, 'GET', '/api/ObjectFiles/1');
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const now = Date.now();
    const attached = await demo.api.files.attach(objectId, { data: bytes, name: 'photo.jpg', type: 'image/jpeg' }, now);
    const found = await demo.api.files.find({ ObjectId: objectId, From: now - HOUR, Till: now + HOUR });
    const rec = found.find((f): f is Record<string, unknown> => typeof f === 'object');
    const uid = (attached.record?.Uid ?? attached.record?.Id ?? rec?.Uid ?? rec?.Id) as string | number | undefined;
    expect(uid).toBeDefined();
    const file = await demo.api.files.download(uid!);
    expect(file.mediaType).toBe('image/jpeg');
    expect([...file.bytes]).toEqual([...bytes]);
  });

  it('PUT /api/ObjectFiles/{id} (multipart, without a time); an unknown file is not_found', async (ctx) => {
    await needRoute(ctx, demo, 'GET', '/api/ObjectFiles/1');
    const r = await demo.api.files.attach(objectId, { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), name: 'note.png', type: 'image/png' });
    expect(r).toBeTruthy();
    expect((await failure(demo.api.files.download('no-such-file'))).code).toBe('not_found');
  });
});
