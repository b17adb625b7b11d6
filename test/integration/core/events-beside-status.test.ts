import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { WORKER } from '../history/harness';
import { call, services } from './offline-helpers';

/**
 * The events are asked once a status body has arrived, while the ingest worker stages it: their
 * request must go out then, not wait for that stage (decision 0067). With the real worker and a
 * fleet big enough that the stage takes a while.
 */
describe('the event feed beside a status being staged', () => {
  let sim: SimulatorHandle;
  let dataDir: string;
  let core: Core;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 8, objects: 20_000 });
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-events-beside-'));
    core = createCore({
      dataDir,
      vault: memoryVault(),
      settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }),
      ingestWorker: WORKER,
      log: () => {},
    });
    await core.start();
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'admin', password: 'admin', remember: true });
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for the feed before the worker has answered the status it follows', async () => {
    const conn = services(core);
    await conn.pollEvents();
    let answeredAt = 0;
    core.bus.subscribe((p: PushEnvelope) => {
      if (p.name === 'status/delta') answeredAt ||= Date.now();
    });
    sim.sim.served.clear();
    const status = conn.sync.pollStatus();
    // Once the body has arrived the worker stages it; the events are asked from then on.
    for (let i = 0; i < 100 && !sim.sim.served.list().some((r) => r.path === '/api/ObjectsStatus' && r.finishedMs !== null); i++) await new Promise((r) => setTimeout(r, 5));
    await conn.sync.positionsFetched();
    const events = conn.pollEvents();
    await Promise.all([status, events]);
    const feed = sim.sim.served.list().find((r) => r.path === '/api/Events/feed');
    expect(answeredAt).toBeGreaterThan(0);
    expect(feed).toBeDefined();
    expect(feed!.at).toBeLessThan(answeredAt);
  });
});
