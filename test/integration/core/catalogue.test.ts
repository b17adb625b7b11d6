/**
 * The catalogue engine against the simulator over HTTP: list, create, update, delete of a
 * collection through the contract; the server's 400 message mapped to the field it names;
 * a 403 turning a collection read-only; a list opened from the cache offline with its age.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueList, CatalogueWrite } from '../../../common/methods/catalogue';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, callError, daytimeClock, makeCore, signIn, startProxy } from './offline-helpers';

const quiet = () => memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
const dir = () => mkdtempSync(join(tmpdir(), 'fleet-catalogue-'));

describe('catalogue engine', () => {
  let sim: SimulatorHandle;
  let token = '';
  const server = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, objects: 30, now: daytimeClock() });
    token = await sim.tokenFor('admin');
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
  });

  it('creates, lists, updates and deletes a driver group on the service, keeping the list', async () => {
    const core = makeCore(dir(), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl, 'admin');
      const made = await call<CatalogueWrite>(core, 'catalogue/create', { collection: 'driverGroups', record: { Name: 'Night crews' } });
      expect(made.status).toBe('saved');
      const id = (made as { record: { Id: number } }).record.Id;
      expect((await server<{ Id: number; Name: string }>(`/api/DriverGroups/${id}`)).Name).toBe('Night crews');

      const list = await call<CatalogueList>(core, 'catalogue/list', { collection: 'driverGroups' });
      expect(list.records.find((r) => r.Id === id)?.Name).toBe('Night crews');
      expect(list.fetchedAt).not.toBeNull();
      expect(list.readOnly).toBeNull();

      expect((await call<CatalogueWrite>(core, 'catalogue/update', { collection: 'driverGroups', id, record: { Name: 'Night shift' } })).status).toBe('saved');
      expect((await server<{ Name: string }>(`/api/DriverGroups/${id}`)).Name).toBe('Night shift');
      // The kept list follows the write without another fetch.
      const kept = await call<CatalogueList>(core, 'catalogue/list', { collection: 'driverGroups', cached: true });
      expect(kept.records.find((r) => r.Id === id)?.Name).toBe('Night shift');

      expect((await call<CatalogueWrite>(core, 'catalogue/delete', { collection: 'driverGroups', id })).status).toBe('deleted');
      const after = await server<{ Id: number }[]>('/api/DriverGroups');
      expect(after.some((g) => g.Id === id)).toBe(false);
      expect((await call<CatalogueList>(core, 'catalogue/list', { collection: 'driverGroups', cached: true })).records.some((r) => r.Id === id)).toBe(false);
    } finally {
      await core.close();
    }
  });

  it('returns the service\'s 400 message with the field it names, and validates before sending', async () => {
    const core = makeCore(dir(), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl, 'admin');
      const w = await call<CatalogueWrite>(core, 'catalogue/create', { collection: 'driverKeys', record: { UId: 'A1B2C3D4E5', Name: 'Spare', GroupId: 0, DriverId: 987654 } });
      expect(w).toMatchObject({ status: 'refused', field: 'DriverId' });
      expect((w as { message: string }).message).toContain('987654');
      // Not sent at all: the shared schema refuses a key code that is not hexadecimal.
      sim.clearWriteLog();
      const bad = await callError(core, 'catalogue/create', { collection: 'driverKeys', record: { UId: 'xyz', Name: '', GroupId: 0, DriverId: 0 } });
      expect(bad.code).toBe('invalid_input');
      expect(bad.message).toContain('UId');
      expect(sim.writeLog().length).toBe(0);
      // Penalties are read and updated only: a create is not offered.
      expect((await callError(core, 'catalogue/create', { collection: 'driverPenalties', record: { Name: 'x', EventType: 4, Points: 1 } })).message).toContain('does not offer');
    } finally {
      await core.close();
    }
  });

  it('turns a collection read-only on a 403, for a list and for a write', async () => {
    const proxy = await startProxy(sim);
    const core = makeCore(dir(), memoryVault(), quiet());
    try {
      await signIn(core, proxy.baseUrl, 'demo');
      const users = await call<CatalogueList>(core, 'catalogue/list', { collection: 'users' });
      expect(users.readOnly).toMatch(/not see or change/);
      expect(users.records).toEqual([]);
      expect((await callError(core, 'catalogue/create', { collection: 'users', record: { Login: 'x', Name: 'X', Email: '', IsAdmin: false, CompanyId: 0 } })).code).toBe('forbidden');

      const drivers = await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers' });
      expect(drivers.readOnly).toBeNull();
      const one = drivers.records[0]!;
      proxy.override = (key) => (key === 'PUT /api/Drivers' ? { status: 403, body: { Message: 'Drivers are managed by head office' } } : undefined);
      const w = await call<CatalogueWrite>(core, 'catalogue/update', { collection: 'drivers', id: one.Id, record: { Name: 'Renamed' } });
      expect(w.status).toBe('forbidden');
      expect((w as { message: string }).message).toContain('head office');
      expect((await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers', cached: true })).readOnly).not.toBeNull();
      expect((await callError(core, 'catalogue/delete', { collection: 'drivers', id: one.Id })).code).toBe('forbidden');
    } finally {
      await core.close();
      await proxy.close();
    }
  });

  it('opens a list from the cache with its age when the service does not answer, after a restart too', async () => {
    const data = dir();
    const vault = memoryVault();
    const settings = quiet();
    const core1 = makeCore(data, vault, settings);
    let fetchedAt = 0;
    let names: unknown[] = [];
    try {
      await signIn(core1, sim.baseUrl, 'admin');
      const online = await call<CatalogueList>(core1, 'catalogue/list', { collection: 'commandTemplates' });
      fetchedAt = online.fetchedAt!;
      names = online.records.map((r) => r.Name);
      expect(names.length).toBeGreaterThan(0);
    } finally {
      await core1.close();
    }
    await sim.stopListening();
    const core2 = makeCore(data, vault, settings);
    try {
      await core2.start();
      const offline = await call<CatalogueList>(core2, 'catalogue/list', { collection: 'commandTemplates' });
      expect(offline.records.map((r) => r.Name)).toEqual(names);
      expect(offline.fetchedAt).toBe(fetchedAt);
      expect(offline.staleReason).not.toBeNull();
    } finally {
      await core2.close();
      await sim.startListening();
    }
  });
});
