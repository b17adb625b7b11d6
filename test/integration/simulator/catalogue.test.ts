import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

const DAY = 86_400_000;
let clock = Date.UTC(2025, 5, 11, 10, 0, 0);
let api: Api;
let demo: string;
let acme: string;
let admin: string;
let demoIds: number[];

beforeAll(async () => {
  api = await start({ now: () => clock });
  [demo, acme, admin] = await Promise.all([api.token('demo'), api.token('acme'), api.token('admin')]);
  demoIds = ((await api.call('GET', '/api/Objects', { token: demo })).body as { Id: number }[]).map((o) => o.Id);
});
afterAll(() => api.h.close());

const call = (...a: Parameters<Api['call']>): ReturnType<Api['call']> => api.call(...a);

describe('users and companies', () => {
  it('answer 403 to non-administrators', async () => {
    for (const [m, p, body] of [
      ['GET', '/api/Users'], ['GET', '/api/Users/1'], ['POST', '/api/Users', { Login: 'x', Password: 'x', CompanyId: 1 }], ['PUT', '/api/Users', { Id: 1 }], ['DELETE', '/api/Users/1'],
      ['GET', '/api/Companies'], ['GET', '/api/Companies/1'], ['POST', '/api/Companies', { Name: 'x' }], ['PUT', '/api/Companies', { Id: 1 }], ['GET', '/api/Companies/statistics'],
    ] as [string, string, unknown?][]) {
      expect((await call(m, p, { token: demo, body })).status, `${m} ${p}`).toBe(403);
    }
  });
  it('administrators manage users; a new user signs in; a deleted one is locked out', async () => {
    const c = await call('POST', '/api/Users', { token: admin, body: { Login: 'ops', Password: 'pw', CompanyId: 2, Name: 'Ops' } });
    expect(c.status).toBe(200);
    expect(c.body.Password).toBeUndefined();
    expect((await call('POST', '/api/Users', { token: admin, body: { Login: 'ops', Password: 'pw', CompanyId: 2 } })).status).toBe(409);
    expect((await call('POST', '/api/Users', { token: admin, body: { Login: 'x' } })).status).toBe(400);
    const t = await api.token('ops', 'pw');
    const objs = (await call('GET', '/api/Objects', { token: t })).body as { CompanyId: number }[];
    expect(objs.every((o) => o.CompanyId === 2)).toBe(true);
    expect((await call('PUT', '/api/Users', { token: admin, body: { Id: c.body.Id, Name: 'Ops 2' } })).body.Name).toBe('Ops 2');
    expect((await call('GET', `/api/Users/${c.body.Id}`, { token: admin })).body.Name).toBe('Ops 2');
    expect((await call('GET', '/api/Users', { token: admin })).body.length).toBeGreaterThanOrEqual(4);
    expect((await call('DELETE', `/api/Users/${c.body.Id}`, { token: admin })).status).toBe(200);
    expect((await call('GET', `/api/Users/${c.body.Id}`, { token: admin })).status).toBe(404);
    expect((await call('GET', '/api/Objects', { token: t })).status).toBe(401);
  });
  it('companies: list, one, create, update, statistics', async () => {
    expect((await call('GET', '/api/Companies', { token: admin })).body.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/Companies/2', { token: admin })).body.Name).toBe('Acme Transport');
    const c = await call('POST', '/api/Companies', { token: admin, body: { Name: 'New Co' } });
    expect(c.status).toBe(200);
    expect((await call('PUT', '/api/Companies', { token: admin, body: { Id: c.body.Id, Phone: '+1' } })).body.Phone).toBe('+1');
    expect((await call('GET', '/api/Companies/999', { token: admin })).status).toBe(404);
    const st = (await call('GET', '/api/Companies/statistics', { token: admin })).body as { Objects: number }[];
    expect(st.reduce((a, s) => a + s.Objects, 0)).toBe(60);
  });
});

const COLLECTIONS: { base: string; make: (ref: (coll: string) => Promise<number>) => Promise<Record<string, unknown>>; edit: Record<string, unknown>; bad: Record<string, unknown>; getOne: boolean }[] = [
  { base: '/api/Objects/Groups', make: async () => ({ Name: 'G', Color: '#112233' }), edit: { Name: 'G2' }, bad: { Name: '' }, getOne: true },
  { base: '/api/Geozones/Groups', make: async () => ({ Name: 'Z', Color: '#112233' }), edit: { Name: 'Z2' }, bad: { Color: 'red' }, getOne: true },
  {
    base: '/api/Geozones', getOne: false, edit: { Name: 'Yard 2' }, bad: { Type: 'Polygon', Points: [] },
    make: async (ref) => ({ GroupId: await ref('/api/Geozones/Groups'), Name: 'Yard', Type: 'Circle', Color: '#00FF00', Center: { Lat: 52.5, Lng: 13.4 }, Radius: 200, Points: [] }),
  },
  { base: '/api/DriverGroups', make: async () => ({ Name: 'Team' }), edit: { Name: 'Team 2' }, bad: { Name: 5 }, getOne: true },
  { base: '/api/Drivers', make: async (ref) => ({ GroupId: await ref('/api/DriverGroups'), Name: 'Ann', Phone: '', LicenceNumber: 'L1' }), edit: { Phone: '+49' }, bad: { GroupId: 999999 }, getOne: true },
  { base: '/api/DriverKeyGroups', make: async () => ({ Name: 'Keys' }), edit: { Name: 'Keys 2' }, bad: {}, getOne: true },
  {
    base: '/api/DriverKeys', getOne: true, edit: { Name: 'renamed' }, bad: { UId: 'not hex!' },
    make: async (ref) => ({ GroupId: await ref('/api/DriverKeyGroups'), UId: 'ABCDEF0123456789', DriverId: await ref('/api/Drivers'), Name: 'k' }),
  },
  { base: '/api/DriverShifts', make: async () => ({ Name: 'Night', StartMinute: 1320, DurationMinutes: 480, DriverIds: [] }), edit: { StartMinute: 1300 }, bad: { StartMinute: 5000 }, getOne: true },
  { base: '/api/EventSettingsGroups', make: async () => ({ Name: 'Custom' }), edit: { Name: 'Custom 2' }, bad: { Name: '' }, getOne: true },
  { base: '/api/EventSettings', make: async (ref) => ({ GroupId: await ref('/api/EventSettingsGroups'), Name: 'Speed 2', EventType: 4, Enabled: true, ObjectIds: [] }), edit: { Enabled: false }, bad: { EventType: 0 }, getOne: true },
  { base: '/api/CommandTemplates', make: async () => ({ Name: 'Ping', Command: 'ping', Destructive: false }), edit: { Command: 'ping2' }, bad: { Command: '' }, getOne: false },
];

describe('catalogue collections', () => {
  const ref = async (base: string): Promise<number> => ((await call('GET', base, { token: demo })).body as { Id: number }[])[0]!.Id;
  for (const c of COLLECTIONS) {
    it(`${c.base}: list, create, read, update, delete, validation, rights`, async () => {
      const list = await call('GET', c.base, { token: demo });
      expect(list.status).toBe(200);
      expect((list.body as { CompanyId: number }[]).every((r) => r.CompanyId === 1)).toBe(true);
      const body = await c.make(ref);
      const created = await call('POST', c.base, { token: demo, body });
      expect(created.status, created.text).toBe(200);
      const id = created.body.Id as number;
      expect(created.body.CompanyId).toBe(1);
      expect((await call('POST', c.base, { token: demo, body: { ...body, ...c.bad } })).status).toBe(c.bad && Object.keys(c.bad).length ? 400 : 200);
      if (c.getOne) {
        expect((await call('GET', `${c.base}/${id}`, { token: demo })).body).toEqual(created.body);
        expect((await call('GET', `${c.base}/${id}`, { token: acme })).status).toBe(404);
      }
      const upd = await call('PUT', c.base, { token: demo, body: { Id: id, ...c.edit } });
      expect(upd.status, upd.text).toBe(200);
      expect(upd.body).toMatchObject(c.edit);
      expect((await call('PUT', c.base, { token: acme, body: { Id: id, ...c.edit } })).status).toBe(404);
      expect((await call('PUT', c.base, { token: demo, body: { ...c.edit } })).status).toBe(400);
      const after = (await call('GET', c.base, { token: demo })).body as { Id: number }[];
      expect(after.find((r) => r.Id === id)).toMatchObject(c.edit);
      expect((await call('DELETE', `${c.base}/${id}`, { token: acme })).status).toBe(404);
      expect((await call('DELETE', `${c.base}/${id}`, { token: demo })).status).toBe(200);
      expect((await call('DELETE', `${c.base}/${id}`, { token: demo })).status).toBe(404);
      expect(((await call('GET', c.base, { token: demo })).body as { Id: number }[]).some((r) => r.Id === id)).toBe(false);
    });
  }
  it('driver penalties allow only GET and PUT', async () => {
    const list = (await call('GET', '/api/DriverPenalties', { token: demo })).body as { Id: number; Points: number }[];
    expect(list.length).toBeGreaterThan(0);
    const upd = await call('PUT', '/api/DriverPenalties', { token: demo, body: { Id: list[0]!.Id, Points: 9 } });
    expect(upd.body.Points).toBe(9);
    expect((await call('POST', '/api/DriverPenalties', { token: demo, body: { Name: 'x', EventType: 4, Points: 1 } })).status).toBe(405);
    expect([404, 405]).toContain((await call('DELETE', `/api/DriverPenalties/${list[0]!.Id}`, { token: demo })).status);
  });
  it('deleting an event rule zeroes NotificationId of its events', async () => {
    const rules = (await call('GET', '/api/EventSettings', { token: acme })).body as { Id: number; EventType: number }[];
    const speeding = rules.find((r) => r.EventType === 4)!;
    const before = (await call('GET', '/api/Events', { token: acme })).body as { Type: number; NotificationId: number }[];
    expect(before.filter((e) => e.Type === 4).every((e) => e.NotificationId === speeding.Id)).toBe(true);
    await call('DELETE', `/api/EventSettings/${speeding.Id}`, { token: acme });
    const after = (await call('GET', '/api/Events', { token: acme })).body as { Type: number; NotificationId: number }[];
    expect(after.filter((e) => e.Type === 4).every((e) => e.NotificationId === 0)).toBe(true);
  });
});

describe('report templates', () => {
  it('read, update, delete, types, columns, results; POST fails', async () => {
    const list = (await call('GET', '/api/ReportTemplates', { token: demo })).body as { Id: number }[];
    const id = list[0]!.Id;
    expect((await call('GET', `/api/ReportTemplates/${id}`, { token: demo })).status).toBe(200);
    expect((await call('PUT', '/api/ReportTemplates', { token: demo, body: { Id: id, Name: 'Trips daily' } })).body.Name).toBe('Trips daily');
    expect((await call('PUT', '/api/ReportTemplates', { token: demo, body: { Id: id, ReportType: 99 } })).status).toBe(400);
    const post = await call('POST', '/api/ReportTemplates', { token: demo, body: { Name: 'x', ReportType: 1, Columns: [] } });
    expect(post.status).toBe(500);
    const types = (await call('GET', '/api/ReportTemplates/GetReportTypes', { token: demo })).body as { Id: number }[];
    for (const t of types) expect((await call('GET', `/api/ReportTemplates/GetReportColumns/${t.Id}`, { token: demo })).status).toBe(200);
    expect((await call('GET', '/api/ReportTemplates/GetReportColumns/77', { token: demo })).status).toBe(404);
    for (const t of list) {
      const r = await call('GET', `/api/ReportTemplates/GetReportResult/${t.Id}`, { token: demo });
      expect(r.status).toBe(200);
      expect(r.body.Rows.length).toBeGreaterThan(0);
    }
    expect((await call('GET', '/api/ReportTemplates/GetReportResult/9999', { token: demo })).status).toBe(404);
    expect((await call('DELETE', `/api/ReportTemplates/${id}`, { token: demo })).status).toBe(200);
    expect((await call('GET', `/api/ReportTemplates/${id}`, { token: demo })).status).toBe(404);
  });
});

describe('object administration', () => {
  it('create, conflict, update, lookups, delete', async () => {
    const imei = '490154203237518';
    expect((await call('GET', `/api/Objects/imei/${imei}/available`, { token: demo })).body.Available).toBe(true);
    expect((await call('GET', '/api/Objects/imei/12/available', { token: demo })).status).toBe(400);
    const c = await call('POST', '/api/Objects', { token: demo, body: { Name: 'New van', IMEI: imei } });
    expect(c.status).toBe(200);
    expect((await call('GET', `/api/Objects/imei/${imei}/available`, { token: demo })).body.Available).toBe(false);
    expect((await call('POST', '/api/Objects', { token: acme, body: { Name: 'Dup', IMEI: imei } })).status).toBe(409);
    expect((await call('POST', '/api/Objects', { token: demo, body: { Name: 'Bad', IMEI: '12' } })).status).toBe(400);
    const st = (await call('GET', `/api/ObjectsStatus/${c.body.Id}`, { token: demo })).body;
    expect(st.Positions[0].Time).toBe(0);
    expect((await call('PUT', '/api/Objects', { token: demo, body: { Id: c.body.Id, Name: 'Renamed van', MaxSpeed: 70 } })).body.MaxSpeed).toBe(70);
    expect((await call('GET', '/api/Objects/byname/renamed%20van', { token: demo })).body.Id).toBe(c.body.Id);
    expect((await call('GET', `/api/Objects/lite/${c.body.Id}`, { token: demo })).body.Name).toBe('Renamed van');
    expect((await call('GET', '/api/Objects/byname/nothing', { token: demo })).status).toBe(404);
    expect((await call('DELETE', `/api/Objects/${c.body.Id}`, { token: demo })).status).toBe(200);
    expect((await call('GET', `/api/Objects/${c.body.Id}`, { token: demo })).status).toBe(404);
    const two = [demoIds[demoIds.length - 1]!, demoIds[demoIds.length - 2]!];
    expect((await call('DELETE', '/api/Objects/delete', { token: demo, body: [...two, 999999] })).status).toBe(404);
    expect((await call('GET', `/api/Objects/${two[0]}`, { token: demo })).status).toBe(200);
    expect((await call('DELETE', '/api/Objects/delete', { token: demo, body: two })).status).toBe(200);
    for (const id of two) expect((await call('GET', `/api/Objects/${id}`, { token: demo })).status).toBe(404);
  });
  it('company listing, catalogues, icons', async () => {
    expect((await call('GET', '/api/Objects/company/1', { token: demo })).body.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/Objects/company/2', { token: demo })).status).toBe(403);
    expect((await call('GET', '/api/Objects/company/2', { token: admin })).status).toBe(200);
    expect((await call('GET', '/api/Objects/models', { token: demo })).body.length).toBeGreaterThan(3);
    const icons = (await call('GET', '/api/Objects/Icons', { token: demo })).body as { Id: number }[];
    expect((await call('GET', '/api/Objects/TrendIcons', { token: demo })).body.length).toBeGreaterThan(0);
    const imgs = (await call('POST', '/api/Objects/geticons', { token: demo, body: [icons[0]!.Id, 12345] })).body as { Image: string }[];
    expect(imgs).toHaveLength(1);
    expect(Buffer.from(imgs[0]!.Image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const id = demoIds[0]!;
    expect((await call('POST', `/api/Objects/seticon/${icons[2]!.Id}`, { token: demo, body: [id] })).status).toBe(200);
    expect((await call('GET', `/api/Objects/${id}`, { token: demo })).body.IconId).toBe(icons[2]!.Id);
    expect((await call('POST', '/api/Objects/seticon/999', { token: demo, body: [id] })).status).toBe(404);
  });
  it('odometer and engine hours sync to dashboard readings', async () => {
    const id = demoIds[1]!;
    const o = (await call('GET', `/api/Objects/odometer/${id}`, { token: demo })).body;
    expect(o.Odometer).toBeGreaterThan(0);
    expect((await call('PUT', `/api/Objects/SyncOdometer/${id}/123456.7`, { token: demo })).status).toBe(200);
    expect((await call('GET', `/api/Objects/odometer/${id}`, { token: demo })).body.Odometer).toBeCloseTo(123456.7, 1);
    expect((await call('PUT', `/api/Objects/SyncEngineTime/${id}/4321`, { token: demo })).status).toBe(200);
    expect((await call('GET', `/api/Objects/odometer/${id}`, { token: demo })).body.EngineHours).toBeCloseTo(4321, 1);
    expect((await call('PUT', `/api/Objects/SyncOdometer/${id}/abc`, { token: demo })).status).toBe(400);
  });
  it('setowner and payedtill (administrators)', async () => {
    const id = demoIds[2]!;
    expect((await call('POST', '/api/Objects/setowner', { token: demo, body: { ObjectIds: [id], CompanyId: 2 } })).status).toBe(403);
    expect((await call('POST', '/api/Objects/payedtill', { token: admin, body: { ObjectIds: [id], PayedTill: clock + DAY } })).status).toBe(200);
    expect((await call('GET', `/api/Objects/${id}`, { token: admin })).body.PayedTill).toBe(clock + DAY);
    expect((await call('POST', '/api/Objects/setowner', { token: admin, body: { ObjectIds: [id], CompanyId: 2 } })).status).toBe(200);
    expect((await call('GET', `/api/Objects/${id}`, { token: acme })).body.CompanyId).toBe(2);
    expect((await call('GET', `/api/Objects/${id}`, { token: demo })).status).toBe(404);
  });
});

describe('history family and reports', () => {
  const id = (): number => demoIds[3]!;
  const span = (): { From: number; Till: number } => ({ From: clock - 3 * DAY, Till: clock });
  it('DailyStat agrees with the track of ObjectsHistory', async () => {
    const body = { ObjectIds: [id()], ...span() };
    const stats = (await call('POST', '/api/ObjectsHistory/DailyStat', { token: demo, body })).body as { Day: number; MoveTime: number; Length: number }[];
    expect((await call('POST', `/api/ObjectsHistory/DailyStat/${id()}`, { token: demo, body: span() })).body).toEqual(stats);
    const full = stats.find((s) => s.Day + DAY <= clock && s.Day >= body.From)!;
    const h = (await call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: id(), From: full.Day, Till: full.Day + DAY } })).body;
    const move = (h.Track.Intervals as { From: number; Till: number; Positions?: unknown }[]).filter((i) => i.Positions).reduce((a, i) => a + (i.Till - i.From), 0);
    expect(Math.abs(move / 1000 - full.MoveTime)).toBeLessThan(5);
  });
  it('Common, DriverSessions, Events, ParkingMoto, packets', async () => {
    const body = { ObjectIds: [id()], ...span() };
    const common = (await call('POST', '/api/ObjectsHistory/Common', { token: demo, body: { ObjectId: id(), ...span() } })).body;
    expect(common.DailyStats.length).toBeGreaterThan(0);
    const ds = (await call('POST', '/api/ObjectsHistory/DriverSessions', { token: demo, body })).body;
    expect((await call('POST', `/api/ObjectsHistory/DriverSessions/${id()}`, { token: demo, body: span() })).body).toEqual(ds);
    const ev = (await call('POST', '/api/ObjectsHistory/Events', { token: demo, body })).body as { Time: number }[];
    expect(ev.length).toBeGreaterThan(0);
    expect((await call('POST', `/api/ObjectsHistory/Events/${id()}`, { token: demo, body: span() })).body).toEqual(ev);
    const h = (await call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: id(), ...span() } })).body;
    expect(h.Events).toEqual(ev);
    const pm = (await call('POST', '/api/ObjectsHistory/ParkingMoto', { token: demo, body })).body;
    expect(pm[0].Parkings.length).toBeGreaterThan(0);
    expect((await call('POST', '/api/ObjectsHistory/ParkingMoto', { token: demo, body: { ObjectIds: [id()], From: clock - 40 * DAY, Till: clock } })).status).toBe(400);
    const pk = (await call('POST', '/api/ObjectPackets', { token: demo, body: { ObjectId: id(), From: clock - 2 * 3600_000, Till: clock } })).body as { Raw: string }[];
    expect(pk.length).toBeGreaterThan(0);
    expect(pk[0]!.Raw).toMatch(/^\$GPRMC,/);
    expect((await call('POST', '/api/ObjectPackets', { token: demo, body: { ObjectId: id(), From: clock - 2 * DAY, Till: clock } })).status).toBe(400);
  });
  it('import jobs move through their states', async () => {
    const r = await call('POST', '/api/ObjectHistoryImport/import', { token: demo, body: { ObjectId: id(), Positions: [{ Time: clock - 1000, Lat: 1, Lng: 2 }] } });
    const op = r.body.OperationId as string;
    const status = async (): Promise<string> => (await call('GET', `/api/ObjectHistoryImport/import/status/${op}`, { token: demo })).body.Status;
    expect(await status()).toBe('Queued');
    clock += 1500;
    expect(await status()).toBe('Running');
    clock += 5000;
    expect(await status()).toBe('Completed');
    expect((await call('GET', `/api/ObjectHistoryImport/import/status/${op}`, { token: acme })).status).toBe(404);
  });
  it('an import starting mid-movement replaces the track from its first time without sending that time twice', async () => {
    type Iv = { Positions?: { Time: number }[] };
    const from = clock - DAY;
    const till = clock - 1000;
    const times = async (obj: number): Promise<number[]> =>
      ((await call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: obj, From: from, Till: till } })).body.Track.Intervals as Iv[]).flatMap((iv) => (iv.Positions ?? []).map((p) => p.Time));
    let obj = 0;
    let start = 0;
    for (const o of demoIds.slice(5)) {
      const ivs = (await call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: o, From: from, Till: till } })).body.Track.Intervals as Iv[];
      const moving = ivs.find((iv) => (iv.Positions?.length ?? 0) >= 5);
      if (moving) [obj, start] = [o, moving.Positions![2]!.Time];
      if (obj) break;
    }
    expect(obj, 'an object that moved in the last day').toBeGreaterThan(0);
    const r = await call('POST', '/api/ObjectHistoryImport/import', { token: demo, body: { ObjectId: obj, Positions: [0, 1, 2].map((i) => ({ Time: start + i * 1000, Lat: 10, Lng: 20 })) } });
    expect(r.status).toBe(200);
    clock += 5000;
    const got = await times(obj);
    expect(got.filter((t) => t === start)).toHaveLength(1);
    expect(got.every((t, i) => i === 0 || t > got[i - 1]!)).toBe(true);
  });
  it('reports are computed from the simulated data', async () => {
    const body = { ObjectIds: demoIds.slice(3, 8), ...span() };
    const moto = (await call('POST', '/api/Reports/Moto', { token: demo, body })).body as { EngineTime: number; MoveTime: number }[];
    expect(moto.some((m) => m.EngineTime > m.MoveTime && m.MoveTime > 0)).toBe(true);
    expect((await call('POST', '/api/Reports/GeozoneVisit', { token: demo, body })).body.length).toBeGreaterThan(0);
    const counters = (await call('POST', '/api/Reports/Counters', { token: demo, body })).body as { Mileage: number }[];
    expect(counters.some((c) => c.Mileage > 0)).toBe(true);
    const fuel = (await call('POST', '/api/Reports/Fuel', { token: demo, body })).body as { Consumed: number; Refuelled: number }[];
    expect(fuel.some((f) => f.Consumed > 0)).toBe(true);
    expect((await call('POST', '/api/Reports/Fuel', { token: demo, body: { ...body, From: clock - 40 * DAY } })).status).toBe(400);
  });
});

describe('files', () => {
  it('lookup, download real PNGs, attach multipart', async () => {
    const body = { ObjectId: 1, From: clock - 2 * DAY, Till: clock };
    const files = (await call('POST', '/api/ObjectFiles', { token: demo, body })).body as { Uid: string; Type: string }[];
    expect(files.length).toBeGreaterThan(0);
    const r = await fetch(`${api.h.baseUrl}/api/ObjectFiles/${files[0]!.Uid}`, { headers: { Authorization: `Bearer ${demo}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await call('GET', `/api/ObjectFiles/${files[0]!.Uid}`, { token: acme })).status).toBe(404);
    expect((await call('GET', '/api/ObjectFiles/ph-1-123', { token: demo })).status).toBe(404);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('hello jpeg')], { type: 'image/jpeg' }), 'a.jpg');
    const up = await call('PUT', `/api/ObjectFiles/1/${clock - 1000}`, { token: demo, raw: form });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ ObjectId: 1, Time: clock - 1000, Type: 'image/jpeg' });
    const form2 = new FormData();
    form2.append('file', new Blob([Buffer.from('x')], { type: 'text/plain' }), 'b.txt');
    expect((await call('PUT', '/api/ObjectFiles/1', { token: demo, raw: form2 })).status).toBe(200);
    expect((await call('PUT', '/api/ObjectFiles/1', { token: demo, body: { x: 1 } })).status).toBe(400);
    const again = (await call('POST', '/api/ObjectFiles', { token: demo, body })).body as { Uid: string }[];
    expect(again.some((f) => f.Uid === up.body.Uid)).toBe(true);
    const dl = await fetch(`${api.h.baseUrl}/api/ObjectFiles/${up.body.Uid}`, { headers: { Authorization: `Bearer ${demo}` } });
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    expect(await dl.text()).toBe('hello jpeg');
  });
});

describe('coverage of the OpenAPI document', () => {
  it('every documented operation answered and matched its schema in this walk', async () => {
    const id = demoIds[4]!;
    await call('GET', '/api/Profile', { token: demo });
    await call('GET', '/api/Objects', { token: demo });
    const one = (await call('GET', `/api/Objects/${id}`, { token: demo })).body;
    await call('GET', '/api/Objects/lite', { token: demo });
    await call('GET', `/api/Objects/byimei/${one.IMEI}`, { token: demo });
    await call('GET', '/api/ObjectsStatus', { token: demo });
    await call('GET', `/api/ObjectsStatus/${id}`, { token: demo });
    await call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: id, From: clock - DAY, Till: clock } });
    await call('GET', '/api/Events/feed', { token: demo });
    await call('GET', '/api/Events', { token: demo });
    await call('POST', '/api/Events/ack', { token: demo, body: [1] });
    await call('POST', '/api/Commands/run', { token: demo, body: { ObjectIds: [id], TemplateId: ((await call('GET', '/api/CommandTemplates', { token: demo })).body as { Id: number }[])[0]!.Id } });
    await call('POST', '/api/ReverseGeocoder', { token: demo, body: [{ Latitude: 52.5, Longitude: 13.4 }] });
    await call('GET', '/api/docs');
    api.checked.add('GET /api/docs/ui'); // HTML, checked in faults.test.ts
    const files = (await call('POST', '/api/ObjectFiles', { token: demo, body: { ObjectId: 1, From: clock - DAY, Till: clock } })).body as { Uid: string }[];
    await call('GET', `/api/ObjectFiles/${files[0]!.Uid}`, { token: demo }).catch(() => undefined);
    const missing: string[] = [];
    for (const [p, ops] of Object.entries<Record<string, unknown>>(api.doc.paths)) {
      for (const m of Object.keys(ops)) if (!api.checked.has(`${m.toUpperCase()} ${p}`)) missing.push(`${m.toUpperCase()} ${p}`);
    }
    expect(missing).toEqual([]);
  });
});
