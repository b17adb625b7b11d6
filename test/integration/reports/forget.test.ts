/**
 * Signing out with "forget" deletes the connection's finished reports with its cache: the
 * `.reports.sqlite` file beside the cache goes too, while a plain sign-out keeps both.
 * Real SQLite files, the simulator over HTTP.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { createReports } from '../../../main/core/reports/service';
import { reportsFileFor } from '../../../main/core/reports/store';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';

const DAY = 86_400_000;

describe('forgetting a server forgets its reports', () => {
  let sim: SimulatorHandle | undefined;
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
    await sim?.close();
  });

  /** Signs in (the demo starts on the simulator), runs one report, and gives the two files. */
  async function withReport(): Promise<{ core: Core; cacheFile: string; reportsFile: string }> {
    sim = await startSimulator({ port: 0, seed: 3, objects: 10 });
    const baseUrl = sim.baseUrl;
    core = createCore({
      dataDir: mkdtempSync(join(tmpdir(), 'fleet-reports-forget-')),
      vault: memoryVault(),
      settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000 }),
      demo: { start: async () => ({ baseUrl, login: 'demo', password: 'demo' }) },
      log: () => {},
    });
    await core.start();
    const c = core.session.current();
    await c.sync.refreshObjects();
    const ids = c.cache.objects.list().map((o) => o.Id).slice(0, 3);
    const reports = createReports({ current: () => core!.session.current(), bus: core.bus, isOffline: () => false });
    const till = Math.floor(Date.now() / DAY) * DAY;
    const t = await reports.run('r1', { kind: 'moto', objectIds: ids, groupIds: [], from: till - DAY, till }, false);
    expect(t.rows).toHaveLength(3);
    // Kept: asked again without the service's help, it comes from the file.
    expect(reports.cached({ kind: 'moto', objectIds: ids, groupIds: [], from: till - DAY, till }).table?.fetchedAt).toBe(t.fetchedAt);
    return { core, cacheFile: c.cache.file, reportsFile: reportsFileFor(c.cache.file) };
  }

  it('sign-out with forget deletes the reports file beside the cache file', async () => {
    const { core, cacheFile, reportsFile } = await withReport();
    expect(existsSync(reportsFile)).toBe(true);
    await core.session.signOut({ forget: true });
    expect(existsSync(cacheFile)).toBe(false);
    for (const f of [reportsFile, `${reportsFile}-wal`, `${reportsFile}-shm`]) expect(existsSync(f)).toBe(false);
  }, 60_000);

  it('a plain sign-out keeps it', async () => {
    const { core, reportsFile } = await withReport();
    await core.session.signOut({ forget: false });
    expect(existsSync(reportsFile)).toBe(true);
  }, 60_000);
});
