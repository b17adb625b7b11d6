/**
 * Geozone create / update / delete through the core against the simulator: each write
 * reaches the service (write log and a read-back), lands in the cache and is pushed as
 * `geozones/changed` so the live map redraws; the service's 400 message and a 403 come back
 * as they were said; offline, a write is kept as a pending change (nothing sent until the
 * service answers; cancelled here), while the list still opens from the cache.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeozonesList, GeozoneWritten } from '../../../common/methods/geozones';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, callError, daytimeClock, makeCore, signIn } from './offline-helpers';

interface Zone {
  Id: number;
  Name: string;
  Type: string;
  Color: string;
  Radius?: number;
  Width?: number;
  Points: { Lat: number; Lng: number }[];
}

const circle = { Name: 'Gate', Type: 'Circle', Color: '#aa3300', GroupId: 0, Center: { Lat: 52.5, Lng: 13.4 }, Radius: 120, Points: [] };
const road = { Name: 'Ring road', Type: 'Line', Color: '#0055AA', GroupId: 0, Points: [{ Lat: 52.5, Lng: 13.4 }, { Lat: 52.52, Lng: 13.45 }], Width: 40 };

describe('core: geozone writes', () => {
  let sim: SimulatorHandle;
  let core: Core;
  const pushes: unknown[] = [];
  const zonesOnServer = async (): Promise<Zone[]> => {
    const r = await fetch(`${sim.baseUrl}/api/Geozones`, { headers: { authorization: `Bearer ${await sim.tokenFor('demo')}` } });
    return (await r.json()) as Zone[];
  };

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, objects: 20, now: daytimeClock() });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-geozones-')), memoryVault(), memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }));
    await signIn(core, sim.baseUrl);
    core.bus.subscribe((env) => env.name === 'geozones/changed' && pushes.push(env.args));
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('creates, reshapes, renames and deletes, each confirmed by the service, cached and pushed', async () => {
    const made = await call<GeozoneWritten>(core, 'geozones/create', { zone: circle });
    const id = made.geozone!.Id;
    expect((await zonesOnServer()).find((z) => z.Id === id)).toMatchObject({ Name: 'Gate', Type: 'Circle', Radius: 120, Color: '#AA3300' });
    expect(pushes.at(-1)).toEqual({ id, change: 'created' });
    const listed = await call<GeozonesList>(core, 'geozones/list');
    expect((listed.geozones as Zone[]).some((z) => z.Id === id && z.Name === 'Gate')).toBe(true);

    await call(core, 'geozones/update', { id, zone: { ...circle, Name: 'North gate', Color: '#00AA00', Radius: 300 } });
    expect((await zonesOnServer()).find((z) => z.Id === id)).toMatchObject({ Name: 'North gate', Color: '#00AA00', Radius: 300 });
    expect(sim.writeLog().at(-1)).toMatchObject({ method: 'PUT', path: '/api/Geozones', status: 200 });
    expect(((await call<GeozonesList>(core, 'geozones/list')).geozones as Zone[]).find((z) => z.Id === id)?.Name).toBe('North gate');
    expect(pushes.at(-1)).toEqual({ id, change: 'updated' });

    const line = await call<GeozoneWritten>(core, 'geozones/create', { zone: road });
    expect((await zonesOnServer()).find((z) => z.Id === line.geozone!.Id)).toMatchObject({ Type: 'Line', Width: 40 });

    await call(core, 'geozones/delete', { id });
    expect((await zonesOnServer()).some((z) => z.Id === id)).toBe(false);
    expect(((await call<GeozonesList>(core, 'geozones/list')).geozones as Zone[]).some((z) => z.Id === id)).toBe(false);
    expect(pushes.at(-1)).toEqual({ id, change: 'deleted' });
  });

  it('checks the draft before sending and passes the service\'s own 400 message on', async () => {
    sim.clearWriteLog();
    const local = await callError(core, 'geozones/create', { zone: { ...road, Width: 0 } });
    expect(local.code).toBe('invalid_input');
    expect(local.message).toMatch(/width above 0/);
    expect(sim.writeLog()).toEqual([]);
    // A group the service does not know passes the draft's checks; the service's words come back alone.
    const server = await callError(core, 'geozones/create', { zone: { ...circle, GroupId: 999_999 } });
    expect(server).toEqual({ code: 'invalid_input', message: 'GroupId: 999999 does not exist' });
    const gone = await callError(core, 'geozones/update', { id: 999_999, zone: circle });
    expect(gone.code).toBe('not_found');
  });

  it('offline a write is kept as a pending change and the list opens from the cache; a 403 comes back with the service\'s words', async () => {
    const before = (await call<GeozonesList>(core, 'geozones/list')).geozones.length;
    sim.clearWriteLog();
    await sim.stopListening();
    try {
      const offline = await call<GeozoneWritten>(core, 'geozones/create', { zone: circle });
      expect(offline.geozone).toBeNull();
      expect(offline.queued?.message).toMatch(/kept as a pending change/);
      expect((await call<GeozonesList>(core, 'geozones/list')).geozones.length).toBe(before);
      expect(sim.writeLog()).toEqual([]);
      // Cancelled before the service is back: nothing is ever sent.
      // A delivery on its way (its look-up retrying against the stopped service) is stopped too.
      await call(core, 'catalogue/cancelPending', { id: offline.queued!.pendingId });
    } finally {
      await sim.startListening();
    }

    const admin = await sim.tokenFor('admin');
    const put = (ReadOnly: boolean) =>
      fetch(`${sim.baseUrl}/api/Users`, { method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ Id: 1, ReadOnly }) });
    expect((await put(true)).status).toBe(200);
    try {
      const refused = await callError(core, 'geozones/create', { zone: circle });
      expect(refused.code).toBe('forbidden');
      expect(refused.message).toMatch(/This account may not change geozone records/);
    } finally {
      expect((await put(false)).status).toBe(200);
    }
    expect(sim.writeLog().filter((e) => e.method === 'POST' && e.status === 200)).toEqual([]);
  });
});
