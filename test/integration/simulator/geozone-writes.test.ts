/* eslint-disable @typescript-eslint/no-explicit-any -- wire JSON, validated against the OpenAPI document by ajv */
/**
 * Geozone writes as the console's map editor sends them: a line with a width (refused
 * without one, the message naming the field), a reshape by PUT checked after the merge,
 * and a read-only account that reads the zones and is refused every change with a 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

let api: Api;
let demo: string;
let admin: string;
beforeAll(async () => {
  api = await start({ objects: 5 });
  demo = await api.token('demo');
  admin = await api.token('admin');
});
afterAll(() => api.h.close());

const line = [{ Lat: 52.5, Lng: 13.4 }, { Lat: 52.51, Lng: 13.42 }];

describe('geozone lines and rights', () => {
  it('a line needs two points and a width; a reshape is checked after the merge', async () => {
    const noWidth = await api.call('POST', '/api/Geozones', { token: demo, body: { Name: 'Road', Type: 'Line', Points: line } });
    expect(noWidth.status).toBe(400);
    expect(noWidth.body.Message).toMatch(/^Width:/);
    const one = await api.call('POST', '/api/Geozones', { token: demo, body: { Name: 'Road', Type: 'Line', Points: line.slice(0, 1), Width: 30 } });
    expect(one.status).toBe(400);
    const ok = await api.call('POST', '/api/Geozones', { token: demo, body: { Name: 'Road', Type: 'Line', Points: line, Width: 30 } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ Type: 'Line', Width: 30, Points: line });
    expect(ok.body.Radius).toBeGreaterThan(0);
    const narrowed = await api.call('PUT', '/api/Geozones', { token: demo, body: { Id: ok.body.Id, Width: 0 } });
    expect(narrowed.status).toBe(400);
    const moved = await api.call('PUT', '/api/Geozones', { token: demo, body: { Id: ok.body.Id, Points: [...line, { Lat: 52.52, Lng: 13.43 }], Width: 12 } });
    expect(moved.status, moved.text).toBe(200);
    const listed = (await api.call('GET', '/api/Geozones', { token: demo })).body as any[];
    expect(listed.find((z) => z.Id === ok.body.Id)).toMatchObject({ Width: 12, Name: 'Road' });
  });

  it('a read-only account reads the zones and may change none (403 with a message)', async () => {
    const me = ((await api.call('GET', '/api/Users', { token: admin })).body as any[]).find((u) => u.Login === 'acme');
    expect((await api.call('PUT', '/api/Users', { token: admin, body: { Id: me.Id, ReadOnly: true } })).status).toBe(200);
    const acme = await api.token('acme');
    const zones = (await api.call('GET', '/api/Geozones', { token: acme })).body as any[];
    expect(zones.length).toBeGreaterThan(0);
    const create = await api.call('POST', '/api/Geozones', { token: acme, body: { Name: 'X', Type: 'Circle', Center: line[0], Radius: 10 } });
    expect(create.status).toBe(403);
    expect(create.body.Message).toMatch(/may not change geozone/);
    expect((await api.call('PUT', '/api/Geozones', { token: acme, body: { Id: zones[0].Id, Name: 'Renamed' } })).status).toBe(403);
    expect((await api.call('DELETE', `/api/Geozones/${zones[0].Id}`, { token: acme })).status).toBe(403);
    const after = (await api.call('GET', '/api/Geozones', { token: acme })).body as any[];
    expect(after.find((z) => z.Id === zones[0].Id).Name).toBe(zones[0].Name);
  });
});
