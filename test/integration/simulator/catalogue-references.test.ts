/**
 * Referential answers of the catalogue collections, as a server's foreign keys give them: a
 * group, or a driver, that records still point at is not deleted (409, saying by what); once
 * nothing points at it, it is; a key code registered twice is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

let api: Api;
let demo: string;
beforeAll(async () => {
  api = await start({});
  demo = await api.token('demo');
});
afterAll(() => api.h.close());

describe('catalogue references', () => {
  it('refuses to delete a driver group in use, then deletes it once its driver moved', async () => {
    const g = (await api.call('POST', '/api/DriverGroups', { token: demo, body: { Name: 'Referenced' } })).body as { Id: number };
    const d = (await api.call('POST', '/api/Drivers', { token: demo, body: { Name: 'Ref Driver', GroupId: g.Id } })).body as { Id: number };
    const refused = await api.call('DELETE', `/api/DriverGroups/${g.Id}`, { token: demo });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('is used by 1 drivers');
    expect((await api.call('PUT', '/api/Drivers', { token: demo, body: { Id: d.Id, GroupId: 0 } })).status).toBe(200);
    expect((await api.call('DELETE', `/api/DriverGroups/${g.Id}`, { token: demo })).status).toBe(200);
  });

  it('refuses to delete a driver who holds a key or a shift, and a key code registered twice', async () => {
    const d = (await api.call('POST', '/api/Drivers', { token: demo, body: { Name: 'Keyed Driver' } })).body as { Id: number };
    const k = await api.call('POST', '/api/DriverKeys', { token: demo, body: { UId: 'ABCDEF0123', DriverId: d.Id } });
    expect(k.status).toBe(200);
    const twice = await api.call('POST', '/api/DriverKeys', { token: demo, body: { UId: 'ABCDEF0123', DriverId: d.Id } });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('already in use');
    const shift = await api.call('POST', '/api/DriverShifts', { token: demo, body: { Name: 'Early', StartMinute: 360, DurationMinutes: 480, DriverIds: [d.Id] } });
    const refused = await api.call('DELETE', `/api/Drivers/${d.Id}`, { token: demo });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('1 driver keys and 1 shifts');
    await api.call('DELETE', `/api/DriverKeys/${(k.body as { Id: number }).Id}`, { token: demo });
    await api.call('DELETE', `/api/DriverShifts/${(shift.body as { Id: number }).Id}`, { token: demo });
    expect((await api.call('DELETE', `/api/Drivers/${d.Id}`, { token: demo })).status).toBe(200);
  });

  it('refuses to delete an object group that objects are in', async () => {
    const objects = (await api.call('GET', '/api/Objects', { token: demo })).body as { GroupIds: number[] }[];
    const used = objects.find((o) => o.GroupIds.length > 0)!.GroupIds[0]!;
    const refused = await api.call('DELETE', `/api/Objects/Groups/${used}`, { token: demo });
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/is used by \d+ objects/);
  });
});
