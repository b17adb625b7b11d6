import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, makeCore, signIn } from './offline-helpers';

/**
 * Issue 30: the judged link is the current connection's. Switching from one service to another
 * (the e2e specs sign out of the embedded demo first) closed the old connection while its
 * polls were on the wire; they then failed on this side ("The ingest worker was closed", a
 * closed cache) and were counted against the new service, whose header said "Poor connection:
 * retrying" on a link that had not failed once. A slow machine is what keeps polls in flight
 * at the switch; the simulator's latency does the same here.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number): Promise<boolean> {
  for (const t0 = Date.now(); Date.now() - t0 < limitMs; await sleep(50)) if (await check()) return true;
  return false;
}

describe('core: the judged link belongs to the open connection', () => {
  let slow: SimulatorHandle;
  let fine: SimulatorHandle;
  let core: Core;
  const state = () => call<ConnectivityState>(core, 'connectivity/state');

  beforeAll(async () => {
    [slow, fine] = await Promise.all([startSimulator({ port: 0, seed: 41, objects: 20 }), startSimulator({ port: 0, seed: 42, objects: 20 })]);
    const settings = memorySettings({ statusPollMs: 500, objectsRefreshMs: 60_000, eventsPollMs: 500 });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-link-switch-')), memoryVault(), settings);
  });
  afterAll(async () => {
    await core?.close();
    await Promise.all([slow?.close(), fine?.close()]);
  });

  it('requests of a closed connection that end after the switch count neither as failures nor as answers', async () => {
    await signIn(core, slow.baseUrl);
    // Every poll of the first connection is now on the wire for a while.
    slow.setFaults({ latencyMs: 1_500 });
    await sleep(300);
    await signIn(core, fine.baseUrl);
    expect(await waitFor(async () => ((await state()).lastGood.status ?? 0) > 0 && (await state()).link!.total >= 2, 10_000)).toBe(true);
    // Long enough for every request of the first connection to have ended.
    await sleep(2_500);
    const s = await state();
    expect(s.link!.failures).toEqual([]);
    expect(s.link!.state).toBe('online');
    expect(s.state).toBe('online');
  }, 30_000);

  it('a new service starts with no failures of the one before listed against it', async () => {
    fine.setFaults({ errorRate: 1 });
    expect(await waitFor(async () => (await state()).link!.failed >= 3, 10_000)).toBe(true);
    slow.setFaults({ latencyMs: 0 });
    await signIn(core, slow.baseUrl);
    fine.setFaults({ errorRate: 0 });
    expect(await waitFor(async () => ((await state()).lastGood.status ?? 0) > 0 && (await state()).link!.total >= 2, 10_000)).toBe(true);
    const s = await state();
    expect(s.link!.failures).toEqual([]);
    expect(s.link!.state).toBe('online');
  }, 30_000);
});
