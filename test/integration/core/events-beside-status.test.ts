import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsList } from '../../../common/methods/events';
import { isHeldBody } from '../../../main/core/api/held-body';
import { textOf } from '../../../main/core/sync/poll-body';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { WORKER } from '../history/harness';
import { call, daytimeClock, services } from './offline-helpers';

/**
 * The events are asked once a status body has arrived, while the ingest worker stages it: their
 * request must go out then, not wait for that stage, so they are not the worker's fetch
 * (decision 0067). With the real worker.
 */
describe('the event lists beside the ingest worker', () => {
  let sim: SimulatorHandle;
  let dataDir: string;
  let core: Core;

  beforeAll(async () => {
    // A clock that stands still: the feed fetched here and the one the poll stores are the same.
    const now = daytimeClock()();
    sim = await startSimulator({ port: 0, seed: 8, objects: 2_000, now: () => now });
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

  it('fetches the event lists on the main side and hands them to the worker as bytes, which it stores', async () => {
    const conn = services(core);
    // A handle would be a fetch the worker makes, which waits behind a status it is staging.
    const feed = await conn.eventsBodies.feedBody();
    expect(isHeldBody(feed)).toBe(false);
    expect(Array.isArray(feed) || feed instanceof Uint8Array).toBe(true);
    const ids = (JSON.parse(textOf(feed)) as { Id: number }[]).map((e) => e.Id);
    expect(ids.length).toBeGreaterThan(0);
    await conn.pollEvents();
    const listed = await call<EventsList>(core, 'events/list', { scope: 'feed' });
    expect(new Set(listed.feedIds)).toEqual(new Set(ids));
  });
});
