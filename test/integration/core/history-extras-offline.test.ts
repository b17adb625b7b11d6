/**
 * The History screen's records (daily statistics, driver sessions, parkings) once the console
 * knows it is offline: the kept copy at once, without a request and its retries; a copy never
 * kept is an offline error. Real simulator over HTTP behind a counting proxy, real SQLite files.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRecords } from '../../../common/methods/history';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, callError, makeCore, services, signIn, startProxy, type Proxy } from './offline-helpers';

const DAY = 86_400_000;

describe('history records offline', () => {
  let sim: SimulatorHandle;
  let proxy: Proxy;
  let core: Core;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 4, objects: 10 });
    proxy = await startProxy(sim);
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-extras-off-')), memoryVault(), memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }));
    await signIn(core, proxy.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await sim?.close();
  });

  it('once the console knows it is offline, answers the kept copy without asking, and a copy never kept as offline', async () => {
    await services(core).sync.refreshObjects();
    const objectId = services(core).cache.objects.list()[0]!.Id;
    const till = Math.floor(Date.now() / DAY) * DAY - 2 * DAY;
    const args = { objectId, from: till - 5 * DAY, till };
    const online = await call<HistoryRecords>(core, 'history/dailyStat', args);
    expect(online.fromCache).toBe(false);
    expect(online.items.length).toBeGreaterThan(0);
    const asked = () => proxy.seen.filter((r) => r.key.includes('/api/ObjectsHistory/DailyStat')).length;

    await sim.stopListening();
    try {
      // Two failed polls: the console is offline (sync/connectivity.ts).
      await expect(services(core).pollEvents()).rejects.toMatchObject({ code: 'offline' });
      await expect(services(core).pollEvents()).rejects.toMatchObject({ code: 'offline' });
      const before = asked();
      expect(await call<HistoryRecords>(core, 'history/dailyStat', args)).toEqual({ items: online.items, fetchedAt: online.fetchedAt, fromCache: true });
      const never = await callError(core, 'history/dailyStat', { ...args, from: args.from - DAY });
      expect(never.code).toBe('offline');
      expect(never.message).toMatch(/never read/);
      expect(asked()).toBe(before);
    } finally {
      await sim.startListening();
    }
  });
});
