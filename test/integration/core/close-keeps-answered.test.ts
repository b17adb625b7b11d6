import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { openCache } from '../../../main/core/cache';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { WORKER } from '../history/harness';
import { call } from './offline-helpers';

/**
 * The ingest worker answers a new object list before it writes it (decision 0045). A console
 * closed right after the list appeared must still have it at its next start, offline.
 */
describe('closing the console right after the list appeared', () => {
  let sim: SimulatorHandle;
  let dataDir: string;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, objects: 10_000 });
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-close-'));
  });
  afterAll(async () => {
    await sim?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes writing the list it answered before the core says it is closed', async () => {
    // What the service lists for this account, asked of it directly.
    const token = await fetch(`${sim.baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'demo', Password: 'demo' }) });
    const { AccessToken } = (await token.json()) as { AccessToken: string };
    const listedBy = (await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${AccessToken}` } })).json()) as unknown[];
    const count = listedBy.length;
    expect(count).toBeGreaterThan(1_000);
    const core: Core = createCore({
      dataDir,
      vault: memoryVault(),
      settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000 }),
      ingestWorker: WORKER,
      log: () => {},
    });
    // The full list's push: a first sign-in's names (decision 0073) come before it and are never stored.
    const listed = new Promise<void>((resolve) =>
      core.bus.subscribe((p: PushEnvelope) => p.name === 'objects/changed' && core.session.current().sync.provisionalList() === null && resolve()),
    );
    // The list comes late, so the file's write lock can be taken before it does.
    sim.setFaults({ latencyMs: 1_500, pathPattern: '^/api/Objects$' });
    await core.start();
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo', remember: true });
    const other = openCache({ dataDir, baseUrl: sim.baseUrl, login: 'demo' });
    let locked = false;
    try {
      // The first positions written, the lock is taken: the list's write, after its answer, waits for it.
      for (let i = 0; i < 100 && other.status.fetchedAt() === null; i++) await new Promise((r) => setTimeout(r, 50));
      expect(other.status.fetchedAt()).not.toBeNull();
      other.db.prepare('BEGIN IMMEDIATE').run();
      locked = true;
      await listed;
      expect(other.objects.count()).toBe(0);
      let closed = false;
      const closing = core.close().then(() => void (closed = true));
      await new Promise((r) => setTimeout(r, 500));
      expect(closed).toBe(false);
      other.db.prepare('COMMIT').run();
      locked = false;
      await closing;
    } finally {
      if (locked) other.db.prepare('ROLLBACK').run();
      other.close();
      sim.clearFaults();
    }

    const cache = openCache({ dataDir, baseUrl: sim.baseUrl, login: 'demo' });
    try {
      expect(cache.objects.count()).toBe(count);
    } finally {
      cache.close();
    }
    // Ten thousand objects and a list held back: slow beside the rest of a loaded run.
  }, 60_000);
});
