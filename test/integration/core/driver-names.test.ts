/**
 * A driver key shown by its driver's name: the details of an object with a key attached
 * carry the name of the driver the service's key catalogue assigns it to, read from the
 * cached catalogues (so it still shows offline); a key no driver holds stays its UId; the
 * history's driver sessions carry names too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueWrite } from '../../../common/methods/catalogue';
import type { HistoryRecords } from '../../../common/methods/history';
import { objectsOf, type ObjectDetails, type ObjectsList } from '../../../common/methods/live';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, daytimeClock, makeCore, services, signIn } from './offline-helpers';

describe('core: driver names for driver keys', () => {
  let sim: SimulatorHandle;
  let core: Core;
  let token = '';
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 9, objects: 30, now: daytimeClock() });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-drivers-')), memoryVault(), memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }));
    await signIn(core, sim.baseUrl);
    token = await sim.tokenFor('demo');
    await services(core).sync.refreshReference();
    await services(core).sync.pollStatus();
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  /** The objects that have a key attached now, with the driver the service's catalogues name for it. */
  async function withKeys(): Promise<{ id: number; uid: string; driver: string | null }[]> {
    const keys = await get<{ UId: string; DriverId: number }[]>('/api/DriverKeys');
    const drivers = await get<{ Id: number; Name: string }[]>('/api/Drivers');
    const out = [];
    for (const o of objectsOf(await call<ObjectsList>(core, 'objects/list'))) {
      const d = await call<ObjectDetails>(core, 'objects/details', { id: o.Id });
      if (!d.driverKey) continue;
      const key = keys.find((k) => k.UId.toUpperCase() === String(d.driverKey!.UId).toUpperCase());
      out.push({ id: o.Id, uid: String(d.driverKey.UId), driver: drivers.find((x) => x.Id === key?.DriverId)?.Name ?? null });
    }
    return out;
  }

  it('driver sessions in the history carry the driver\'s name', async () => {
    const [a] = (await withKeys()).filter((x) => x.driver !== null);
    expect(a).toBeDefined();
    const now = daytimeClock()();
    const r = await call<HistoryRecords>(core, 'history/driverSessions', { objectId: a!.id, from: now - 86_400_000, till: now });
    expect(r.items.length).toBeGreaterThan(0);
    for (const s of r.items) expect(typeof s.DriverName === 'string' && s.DriverName.length > 0).toBe(true);
  });

  it('a catalogue write to drivers or keys shows at once, without the catalogues read again', async () => {
    const [a] = (await withKeys()).filter((x) => x.driver !== null);
    expect((await call<ObjectDetails>(core, 'objects/details', { id: a!.id })).driverName).toBe(a!.driver);
    const key = (await get<{ Id: number; UId: string; DriverId: number }[]>('/api/DriverKeys')).find((k) => k.UId.toUpperCase() === a!.uid.toUpperCase())!;

    const renamed = await call<CatalogueWrite>(core, 'catalogue/update', { collection: 'drivers', id: key.DriverId, record: { Name: 'Renamed in the catalogue' } });
    expect(renamed.status).toBe('saved');
    expect((await call<ObjectDetails>(core, 'objects/details', { id: a!.id })).driverName).toBe('Renamed in the catalogue');

    const freed = await call<CatalogueWrite>(core, 'catalogue/update', { collection: 'driverKeys', id: key.Id, record: { DriverId: 0 } });
    expect(freed.status).toBe('saved');
    expect((await call<ObjectDetails>(core, 'objects/details', { id: a!.id })).driverName).toBeNull();
  });

  it('an attached key comes with its driver\'s name, also offline; a key no driver holds has none', async () => {
    const attached = await withKeys();
    expect(attached.length).toBeGreaterThan(0);
    const named = attached.filter((a) => a.driver !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const a of named) expect((await call<ObjectDetails>(core, 'objects/details', { id: a.id })).driverName).toBe(a.driver);

    // The key of the first one given to nobody: after the catalogues are read again, no name.
    const first = named[0]!;
    const demo = await sim.tokenFor('demo');
    const key = (await get<{ Id: number; UId: string }[]>('/api/DriverKeys')).find((k) => k.UId.toUpperCase() === first.uid.toUpperCase())!;
    const put = await fetch(`${sim.baseUrl}/api/DriverKeys`, { method: 'PUT', headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' }, body: JSON.stringify({ Id: key.Id, DriverId: 0 }) });
    expect(put.status).toBe(200);
    await services(core).sync.refreshReference();
    expect((await call<ObjectDetails>(core, 'objects/details', { id: first.id })).driverName).toBeNull();

    // Offline, from the cache.
    const second = named[1] ?? null;
    await sim.stopListening();
    try {
      if (second) expect((await call<ObjectDetails>(core, 'objects/details', { id: second.id })).driverName).toBe(second.driver);
    } finally {
      await sim.startListening();
    }
  });
});
