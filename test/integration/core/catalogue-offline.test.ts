/**
 * Catalogue edits made while the service does not answer: kept as pending changes in the
 * outbox (with the record as it was), replayed when it answers; a record changed on the
 * service since is a conflict the user resolves either way; a create whose answer was lost
 * is found by name and not made twice. Real simulator over HTTP, real SQLite files.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueList, CatalogueWrite, PendingChange } from '../../../common/methods/catalogue';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import type { Core } from '../../../main/core/app';
import { call, daytimeClock, drainOutbox, makeCore, signIn, until } from './offline-helpers';

const quiet = () => memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });

describe('catalogue offline edits', () => {
  let sim: SimulatorHandle;
  let token = '';
  const put = (path: string, body: unknown) =>
    fetch(`${sim.baseUrl}${path}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const driver = async (id: number) => (await (await fetch(`${sim.baseUrl}/api/Drivers/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { Name: string };
  const pending = async (core: Core) => (await call<{ changes: PendingChange[] }>(core, 'catalogue/pending', { collection: 'drivers' })).changes;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 8, objects: 20, now: daytimeClock() });
    token = await sim.tokenFor('demo');
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
  });

  /** Makes `edit` while the service is away; returns its answer. */
  async function offline<T>(edit: () => Promise<T>): Promise<T> {
    await sim.stopListening();
    try {
      return await edit();
    } finally {
      await sim.startListening();
    }
  }

  it('queues an edit made offline with the record as it was, and replays it when the service answers', async () => {
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-cat-off-')), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl);
      const [d] = (await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers' })).records;
      const w = await offline(() => call<CatalogueWrite>(core, 'catalogue/update', { collection: 'drivers', id: d!.Id, record: { Name: 'Offline rename' } }));
      expect(w.status).toBe('queued');
      const [p] = await pending(core);
      expect(p).toMatchObject({ op: 'update', recordId: d!.Id, state: 'pending', record: { Name: 'Offline rename' }, base: { Name: d!.Name } });
      expect((await driver(d!.Id)).Name).toBe(d!.Name);
      await drainOutbox(core);
      expect((await driver(d!.Id)).Name).toBe('Offline rename');
      expect(await pending(core)).toEqual([]);
      const kept = await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers', cached: true });
      expect(kept.records.find((r) => r.Id === d!.Id)?.Name).toBe('Offline rename');
    } finally {
      await core.close();
    }
  });

  it('a pending change can be cancelled: nothing is sent', async () => {
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-cat-off-')), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl);
      const d = (await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers' })).records[1]!;
      await offline(() => call(core, 'catalogue/update', { collection: 'drivers', id: d.Id, record: { Phone: '+000' } }));
      const [p] = await pending(core);
      sim.clearWriteLog();
      expect((await call<{ changes: PendingChange[] }>(core, 'catalogue/cancelPending', { id: p!.id })).changes).toEqual([]);
      await drainOutbox(core);
      expect(sim.writeLog().filter((e) => e.path === '/api/Drivers')).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('a create cancelled while it looks itself up on the service never posts, and the change behind it is sent', async () => {
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-cat-off-')), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl);
      sim.clearWriteLog();
      await offline(async () => {
        await call(core, 'catalogue/create', { collection: 'driverGroups', record: { Name: 'Cancelled on its way' } });
        await call(core, 'catalogue/create', { collection: 'driverGroups', record: { Name: 'Queued behind it' } });
        // The look-up by name (the list) answers slowly once the service is back.
        sim.setFaults({ latencyMs: 1_500, pathPattern: '^/api/DriverGroups$' });
      });
      const [first] = (await call<{ changes: PendingChange[] }>(core, 'catalogue/pending', { collection: 'driverGroups' })).changes;
      const held = sim.sim.faults.injected.latency;
      const drained = drainOutbox(core);
      await until(() => sim.sim.faults.injected.latency > held, 'the look-up on its way');
      await call(core, 'catalogue/cancelPending', { id: first!.id });
      await drained;
      await drainOutbox(core);
      const posted = sim.writeLog().filter((e) => e.method === 'POST' && e.path === '/api/DriverGroups').map((e) => (e.body as { Name: string }).Name);
      expect(posted).toEqual(['Queued behind it']);
      expect((await call<{ changes: PendingChange[] }>(core, 'catalogue/pending', {})).changes).toEqual([]);
    } finally {
      sim.clearFaults();
      await core.close();
    }
  });

  it('a record changed on the service since the edit is a conflict: theirs kept, or mine sent over it', async () => {
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-cat-off-')), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl);
      const [a, b] = (await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers' })).records.slice(2, 4);
      // Someone else renames both on the service; this console's copy still has the old names.
      expect((await put('/api/Drivers', { Id: a!.Id, Name: 'Theirs A' })).status).toBe(200);
      expect((await put('/api/Drivers', { Id: b!.Id, Name: 'Theirs B' })).status).toBe(200);
      await offline(async () => {
        await call(core, 'catalogue/update', { collection: 'drivers', id: a!.Id, record: { Name: 'Mine A' } });
        await call(core, 'catalogue/update', { collection: 'drivers', id: b!.Id, record: { Name: 'Mine B' } });
      });
      await drainOutbox(core);
      const parked = await pending(core);
      expect(parked.map((p) => [p.recordId, p.state])).toEqual([[a!.Id, 'conflict'], [b!.Id, 'conflict']]);
      expect(parked[0]!.lastError).toContain('Name changed on the service');
      expect(parked[0]!.base).toMatchObject({ Name: a!.Name });
      expect((await driver(a!.Id)).Name).toBe('Theirs A');

      await call(core, 'catalogue/resolve', { id: parked[0]!.id, keep: 'theirs' });
      await call(core, 'catalogue/resolve', { id: parked[1]!.id, keep: 'mine' });
      await drainOutbox(core);
      expect(await pending(core)).toEqual([]);
      expect((await driver(a!.Id)).Name).toBe('Theirs A');
      expect((await driver(b!.Id)).Name).toBe('Mine B');
      const kept = (await call<CatalogueList>(core, 'catalogue/list', { collection: 'drivers', cached: true })).records;
      expect(kept.find((r) => r.Id === a!.Id)?.Name).toBe('Theirs A');
      expect(kept.find((r) => r.Id === b!.Id)?.Name).toBe('Mine B');
    } finally {
      await core.close();
    }
  });

  it('a create whose answer was lost is found by name at replay and not made twice', async () => {
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-cat-off-')), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl);
      sim.clearWriteLog();
      // The service creates the group, then the answer is cut: the outcome is unknown here.
      sim.setFaults({ truncateRate: 1, pathPattern: '^/api/DriverGroups$' });
      let w: CatalogueWrite;
      try {
        w = await call<CatalogueWrite>(core, 'catalogue/create', { collection: 'driverGroups', record: { Name: 'Lost answer crew' } });
      } finally {
        sim.clearFaults();
      }
      expect(w.status).toBe('queued');
      await drainOutbox(core);
      const posts = sim.writeLog().filter((e) => e.method === 'POST' && e.path === '/api/DriverGroups');
      expect(posts.length).toBe(1);
      const groups = (await call<CatalogueList>(core, 'catalogue/list', { collection: 'driverGroups', cached: true })).records;
      expect(groups.filter((g) => g.Name === 'Lost answer crew').length).toBe(1);
      expect((await call<{ changes: PendingChange[] }>(core, 'catalogue/pending', {})).changes).toEqual([]);
    } finally {
      await core.close();
    }
  });
});
