import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

const DAY = 86_400_000;
// A Wednesday, 10:00 UTC: most of the fleet is on the road.
let clock = Date.UTC(2025, 5, 11, 10, 0, 0);
let api: Api;
let demo: string;
let acme: string;
let admin: string;

beforeAll(async () => {
  api = await start({ now: () => clock, commandDelayMs: 2000 });
  [demo, acme, admin] = await Promise.all([api.token('demo'), api.token('acme'), api.token('admin')]);
});
afterAll(() => api.h.close());

const ids = async (token: string): Promise<number[]> => ((await api.call('GET', '/api/Objects', { token })).body as { Id: number }[]).map((o) => o.Id);

describe('objects', () => {
  it('reads one object, lite lists, byimei; others\' objects are 404', async () => {
    const [id] = await ids(demo);
    const one = await api.call('GET', `/api/Objects/${id}`, { token: demo });
    expect(one.status).toBe(200);
    expect(one.body.CreateDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const lite = (await api.call('GET', '/api/Objects/lite', { token: demo })).body;
    expect(Object.keys(lite[0]).sort()).toEqual(['ClusterId', 'Comment', 'CompanyId', 'CreateDate', 'DeviceType', 'Flags', 'IMEI', 'IconId', 'Id', 'Name', 'Phone', 'Phone1', 'Status', 'TrackColor'].sort());
    const byImei = await api.call('GET', `/api/Objects/byimei/${one.body.IMEI}`, { token: demo });
    expect(byImei.body).toEqual(one.body);
    expect((await api.call('GET', `/api/Objects/${id}`, { token: acme })).status).toBe(404);
    expect((await api.call('GET', `/api/Objects/byimei/${one.body.IMEI}`, { token: acme })).status).toBe(404);
    expect((await api.call('GET', '/api/Objects/abc', { token: demo })).status).toBe(400);
    expect((await api.call('GET', '/api/Objects/999999', { token: demo })).status).toBe(404);
  });
});

describe('history', () => {
  it('refuses intervals longer than 31 days with 400', async () => {
    const r = await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: 2, From: clock - 32 * DAY, Till: clock } });
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/31 days/);
  });
  it('movement intervals carry Positions, parkings Position; live status equals history at now', async () => {
    for (const id of (await ids(demo)).slice(0, 8)) {
      const st = (await api.call('GET', `/api/ObjectsStatus/${id}`, { token: demo })).body;
      const p = st.Positions[0];
      if (p.Time === 0) continue;
      const h = await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: id, From: p.Time - DAY, Till: p.Time } });
      expect(h.status).toBe(200);
      const iv = h.body.Track.Intervals as { From: number; Till: number; Positions?: { Time: number; Lat: number; Lng: number; Speed: number }[]; Position?: { Lat: number; Lng: number } }[];
      expect(iv.length).toBeGreaterThan(0);
      for (let i = 1; i < iv.length; i++) expect(iv[i]!.From).toBe(iv[i - 1]!.Till);
      for (const x of iv) {
        expect('Positions' in x !== 'Position' in x).toBe(true);
        for (const q of x.Positions ?? []) expect(q.Speed).toBeLessThan(160);
      }
      const last = iv[iv.length - 1]!;
      const at = last.Positions ? last.Positions.find((q) => q.Time === p.Time) : last.Position;
      expect(at, `object ${id}`).toBeDefined();
      expect(at!.Lat).toBeCloseTo(p.Lat, 5);
      expect(at!.Lng).toBeCloseTo(p.Lng, 5);
      expect(h.body.Violations.AccelerometerFaulty).toBeTypeOf('boolean');
      expect(Array.isArray(h.body.Sensors)).toBe(true);
    }
  });
  it('history exists months back', async () => {
    const r = await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: 1, From: clock - 90 * DAY, Till: clock - 89 * DAY } });
    expect(r.status).toBe(200);
    expect(r.body.Track.Intervals.length).toBeGreaterThan(0);
  });
});

describe('events', () => {
  it('feed leaves out muted groups; Events keeps them; ack removes from both', async () => {
    const feed = (await api.call('GET', '/api/Events/feed', { token: demo })).body as { Id: number; Type: number }[];
    const all = (await api.call('GET', '/api/Events', { token: demo })).body as { Id: number; Type: number }[];
    expect(all.length).toBeGreaterThan(feed.length);
    expect(feed.some((e) => e.Type === 1 || e.Type === 2)).toBe(false);
    expect(all.some((e) => e.Type === 1 || e.Type === 2)).toBe(true);
    const acmeFeed = (await api.call('GET', '/api/Events/feed', { token: acme })).body as { ObjectId: number }[];
    const demoIds = new Set(await ids(demo));
    expect(acmeFeed.some((e) => demoIds.has(e.ObjectId))).toBe(false);
    const target = [all[0]!.Id, feed[0]?.Id ?? all[1]!.Id];
    const ack = await api.call('POST', '/api/Events/ack', { token: demo, body: target });
    expect(ack.status).toBe(200);
    expect(ack.text).toBe('');
    const after = (await api.call('GET', '/api/Events', { token: demo })).body as { Id: number }[];
    const afterFeed = (await api.call('GET', '/api/Events/feed', { token: demo })).body as { Id: number }[];
    for (const id of target) {
      expect(after.some((e) => e.Id === id)).toBe(false);
      expect(afterFeed.some((e) => e.Id === id)).toBe(false);
    }
    expect((await api.call('POST', '/api/Events/ack', { token: demo, body: [...target, 123456789] })).status).toBe(200);
    expect((await api.call('POST', '/api/Events/ack', { token: demo, body: { Id: 1 } })).status).toBe(400);
  });
});

describe('commands', () => {
  it('needs exactly one of TemplateId and Command', async () => {
    expect((await api.call('POST', '/api/Commands/run', { token: demo, body: { ObjectIds: [1] } })).status).toBe(400);
    expect((await api.call('POST', '/api/Commands/run', { token: demo, body: { ObjectIds: [1], TemplateId: 1, Command: 'x' } })).status).toBe(400);
    expect((await api.call('POST', '/api/Commands/run', { token: demo, body: { ObjectIds: [1], TemplateId: 99999 } })).status).toBe(404);
  });
  it('queues and reports the outcome later as an event of each object', async () => {
    const r = await api.call('POST', '/api/Commands/run', { token: demo, body: { ObjectIds: [1], Command: 'getgps' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    const has = async (): Promise<boolean> =>
      ((await api.call('GET', '/api/Events/feed', { token: demo })).body as { ObjectId: number; Text: string; Type: number }[])
        .some((e) => e.ObjectId === 1 && e.Text.includes('"getgps"') && e.Type === 0x100);
    expect(await has()).toBe(false);
    clock += 5000;
    expect(await has()).toBe(true);
  });
});

describe('reverse geocoder', () => {
  it('keeps order and marks unresolvable coordinates', async () => {
    const body = [
      { Latitude: 52.52, Longitude: 13.405 },
      { Latitude: 40.0, Longitude: -40.0 },
      { Latitude: 95, Longitude: 10 },
      { Latitude: 50.08, Longitude: 14.44 },
    ];
    const r = await api.call('POST', '/api/ReverseGeocoder', { token: demo, body });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(4);
    expect(r.body[0].Error).toBeNull();
    expect(r.body[0].Address).toMatch(/Berlin/);
    expect(r.body[1].Error).toBeTypeOf('string');
    expect(r.body[2].Error).toMatch(/range/);
    expect(r.body[3].Address).toMatch(/Prague/);
  });
});

describe('determinism', () => {
  it('two starts with one seed give the same answers', async () => {
    const other = await start({ now: () => clock });
    try {
      const t2 = await other.token('admin');
      const a = await api.call('GET', '/api/ObjectsStatus', { token: admin });
      const b = await other.call('GET', '/api/ObjectsStatus', { token: t2 });
      expect(b.text).toBe(a.text);
      const body = { ObjectId: 3, From: clock - 2 * DAY, Till: clock };
      const ha = await api.call('POST', '/api/ObjectsHistory', { token: admin, body });
      const hb = await other.call('POST', '/api/ObjectsHistory', { token: t2, body });
      expect(hb.body.Track).toEqual(ha.body.Track);
      expect(hb.body.Sensors).toEqual(ha.body.Sensors);
    } finally {
      await other.h.close();
    }
  });
});
