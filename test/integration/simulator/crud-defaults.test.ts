/* eslint-disable @typescript-eslint/no-explicit-any -- wire JSON, validated against the OpenAPI document by ajv */
/**
 * The interface documents none of the catalogue collections' fields, so a create that leaves
 * out the secondary ones (a group's Color, a driver's GroupId…) gets a server's defaults
 * instead of a 400; what a record cannot be without (a name, a shape) is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

let api: Api;
let admin: string;
beforeAll(async () => {
  api = await start({ objects: 5 });
  admin = await api.token('admin');
});
afterAll(() => api.h.close());

const post = (path: string, body: unknown) => api.call('POST', path, { token: admin, body });

/** Creates with only the given fields, then reads the collection back: the record is stored whole. */
async function created(path: string, body: Record<string, unknown>): Promise<any> {
  const r = await post(path, body);
  expect(r.status, `${path}: ${r.text}`).toBe(200);
  const listed = await api.call('GET', path, { token: admin });
  const rec = (listed.body as any[]).find((x) => x.Id === r.body.Id);
  expect(rec).toEqual(r.body);
  return r.body;
}

describe('catalogue creates with undocumented fields left out', () => {
  it('object and geozone groups get a colour', async () => {
    expect(await created('/api/Objects/Groups', { Name: 'Night shift' })).toMatchObject({ Name: 'Night shift', Color: '#3388FF', CompanyId: 1 });
    expect(await created('/api/Geozones/Groups', { Name: 'Depots east' })).toMatchObject({ Color: '#3388FF' });
    // A colour that is given is kept, and a bad one is still refused.
    expect(await created('/api/Objects/Groups', { Name: 'Red', Color: '#FF0000' })).toMatchObject({ Color: '#FF0000' });
    expect((await post('/api/Objects/Groups', { Name: 'Bad', Color: 'red' })).status).toBe(400);
    expect((await post('/api/Objects/Groups', { Color: '#FF0000' })).status).toBe(400);
  });

  it('drivers, driver groups, keys and shifts', async () => {
    const group = await created('/api/DriverGroups', { Name: 'Relief drivers' });
    expect(group.Name).toBe('Relief drivers');
    const driver = await created('/api/Drivers', { Name: 'Ann Example' });
    expect(driver).toMatchObject({ GroupId: 0, Phone: '', LicenceNumber: '' });
    expect(await created('/api/Drivers', { Name: 'Bo', GroupId: group.Id })).toMatchObject({ GroupId: group.Id });
    expect(await created('/api/DriverKeys', { UId: '00AABBCC11' })).toMatchObject({ GroupId: 0, DriverId: 0, Name: '' });
    expect(await created('/api/DriverShifts', { Name: 'Night', StartMinute: 1320, DurationMinutes: 480 })).toMatchObject({ DriverIds: [] });
    // A reference that is given must still exist.
    expect((await post('/api/Drivers', { Name: 'Cy', GroupId: 999_999 })).status).toBe(400);
  });

  it('event settings and command templates', async () => {
    expect(await created('/api/EventSettings', { Name: 'Doors', EventType: 0x1000 })).toMatchObject({ GroupId: 0, Enabled: true, ObjectIds: [] });
    expect(await created('/api/CommandTemplates', { Name: 'Ping', Command: 'getver' })).toMatchObject({ Destructive: false });
    expect((await post('/api/EventSettings', { Name: 'No type' })).status).toBe(400);
  });

  it('geozones: group and colour defaulted; a polygon gets its centre and radius from its points', async () => {
    const pts = [{ Lat: 52.5, Lng: 13.4 }, { Lat: 52.5, Lng: 13.41 }, { Lat: 52.51, Lng: 13.41 }, { Lat: 52.51, Lng: 13.4 }];
    const poly = await created('/api/Geozones', { Name: 'Yard', Type: 'Polygon', Points: pts });
    expect(poly).toMatchObject({ GroupId: 0, Color: '#3388FF' });
    expect(poly.Center.Lat).toBeCloseTo(52.505, 6);
    expect(poly.Center.Lng).toBeCloseTo(13.405, 6);
    // Half the diagonal of a 1.11 km × 0.68 km box.
    expect(poly.Radius).toBeGreaterThan(600);
    expect(poly.Radius).toBeLessThan(700);
    const circle = await created('/api/Geozones', { Name: 'Gate', Type: 'Circle', Center: { Lat: 52.5, Lng: 13.4 }, Radius: 50 });
    expect(circle).toMatchObject({ Points: [], GroupId: 0 });
    const noRadius = await post('/api/Geozones', { Name: 'Gate 2', Type: 'Circle', Center: { Lat: 52.5, Lng: 13.4 } });
    expect(noRadius.status).toBe(400);
    expect(noRadius.body.Message).toMatch(/Radius/);
    expect((await post('/api/Geozones', { Name: 'Line', Type: 'Polygon', Points: pts.slice(0, 2) })).status).toBe(400);
  });

  it('users: the company defaults to the administrator\'s', async () => {
    const r = await post('/api/Users', { Login: 'night-operator', Password: 'pw' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ Login: 'night-operator', CompanyId: 1, IsAdmin: false });
    expect(await api.token('night-operator', 'pw')).toBeTruthy();
  });
});
