/**
 * Geozone edits on the catalogue engine's outbox: a geozone renamed while the service does
 * not answer is listed as a pending change with the zone as it was, replayed when the service
 * answers (and pushed so the map redraws); a conflict is parked like any collection's; a
 * create whose answer was lost is found by name and not drawn twice. Real simulator, real SQLite.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingChange } from '../../../common/methods/catalogue';
import type { GeozonesList, GeozoneWritten } from '../../../common/methods/geozones';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, daytimeClock, drainOutbox, makeCore, signIn } from './offline-helpers';

interface Zone {
  Id: number;
  Name: string;
  Color: string;
}
const circle = { Name: 'Depot', Type: 'Circle', Color: '#AA3300', GroupId: 0, Center: { Lat: 52.5, Lng: 13.4 }, Radius: 150, Points: [] };
const quiet = () => memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });

describe('core: geozone edits made offline', () => {
  let sim: SimulatorHandle;
  let core: Core;
  let token = '';
  const pushes: unknown[] = [];
  const onServer = async (id: number) =>
    ((await (await fetch(`${sim.baseUrl}/api/Geozones`, { headers: { authorization: `Bearer ${token}` } })).json()) as Zone[]).find((z) => z.Id === id);
  const pending = async () => (await call<{ changes: PendingChange[] }>(core, 'catalogue/pending', { collection: 'geozones' })).changes;
  async function offline<T>(edit: () => Promise<T>): Promise<T> {
    await sim.stopListening();
    try {
      return await edit();
    } finally {
      await sim.startListening();
    }
  }

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 6, objects: 20, now: daytimeClock() });
    token = await sim.tokenFor('demo');
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-gz-off-')), memoryVault(), quiet());
    await signIn(core, sim.baseUrl);
    core.bus.subscribe((env) => env.name === 'geozones/changed' && pushes.push(env.args));
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('a geozone renamed offline is listed as pending with the zone as it was, and replayed when the service answers', async () => {
    const made = await call<GeozoneWritten>(core, 'geozones/create', { zone: circle });
    const id = made.geozone!.Id;
    const w = await offline(() => call<GeozoneWritten>(core, 'geozones/update', { id, zone: { ...circle, Name: 'Depot (offline)' } }));
    expect(w.geozone).toBeNull();
    expect(w.queued?.message).toMatch(/pending change/);
    const [p] = await pending();
    // Only the changed field is sent, so only it can conflict.
    expect(p).toMatchObject({ op: 'update', collection: 'geozones', recordId: id, state: 'pending', record: { Name: 'Depot (offline)' }, base: { Name: 'Depot' } });
    expect(Object.keys(p!.record!).sort()).toEqual(['Id', 'Name']);
    expect((await onServer(id))?.Name).toBe('Depot');
    pushes.length = 0;
    await drainOutbox(core);
    expect((await onServer(id))?.Name).toBe('Depot (offline)');
    expect(await pending()).toEqual([]);
    expect(pushes).toContainEqual({ id: null, change: 'updated' });
    const listed = (await call<GeozonesList>(core, 'geozones/list')).geozones as Zone[];
    expect(listed.find((z) => z.Id === id)?.Name).toBe('Depot (offline)');
  });

  it('a zone recoloured on the service since the offline edit is a conflict, resolved by keeping mine', async () => {
    const id = (await call<GeozoneWritten>(core, 'geozones/create', { zone: { ...circle, Name: 'Yard' } })).geozone!.Id;
    await offline(() => call<GeozoneWritten>(core, 'geozones/update', { id, zone: { ...circle, Name: 'Yard', Color: '#00AA00' } }));
    const put = await fetch(`${sim.baseUrl}/api/Geozones`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ Id: id, Color: '#0000AA' }) });
    expect(put.status).toBe(200);
    await drainOutbox(core);
    const [parked] = await pending();
    expect(parked).toMatchObject({ state: 'conflict', recordId: id });
    expect(parked!.lastError).toMatch(/Conflict: Color/);
    expect((await onServer(id))?.Color).toBe('#0000AA');
    await call(core, 'catalogue/resolve', { id: parked!.id, keep: 'mine' });
    await drainOutbox(core);
    expect((await onServer(id))?.Color).toBe('#00AA00');
    expect(await pending()).toEqual([]);
  });

  it('a create whose answer was lost is found by name at replay and not made twice', async () => {
    sim.clearWriteLog();
    sim.setFaults({ truncateRate: 1, pathPattern: '^/api/Geozones$' });
    let w: GeozoneWritten;
    try {
      w = await call<GeozoneWritten>(core, 'geozones/create', { zone: { ...circle, Name: 'Lost answer gate' } });
    } finally {
      sim.clearFaults();
    }
    expect(w.queued).toBeDefined();
    await drainOutbox(core);
    expect(sim.writeLog().filter((e) => e.method === 'POST' && e.path === '/api/Geozones').length).toBe(1);
    const all = (await (await fetch(`${sim.baseUrl}/api/Geozones`, { headers: { authorization: `Bearer ${token}` } })).json()) as Zone[];
    expect(all.filter((z) => z.Name === 'Lost answer gate').length).toBe(1);
    expect(await pending()).toEqual([]);
  });
});
