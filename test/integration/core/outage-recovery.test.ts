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
 * Issue 30 (1): after an outage the pollers' backoff had grown to tens of seconds, so the
 * console stayed offline that long after the service answered again. A probe while not
 * online and one reset of every poller on the first good answer bring it back within one
 * status poll period (plus a margin for a loaded machine).
 */
const POLL_MS = 1_000;
const MARGIN_MS = 2_000;
/** Long enough for the status poll's backoff to pass 8 periods (1, 2, 4, 8 s…). */
const OUTAGE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 50 ms until it holds or `limitMs` passes; the time it took, or null. */
async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if (await check()) return Date.now() - t0;
    await sleep(50);
  }
  return null;
}

describe('core: back online soon after an outage', () => {
  let sim: SimulatorHandle;
  let core: Core;
  const state = () => call<ConnectivityState>(core, 'connectivity/state');
  /** Online, and a status poll stored after `since`. */
  const freshSince = (since: number) => async () => {
    const s = await state();
    const stored = core.session.current().cache.status.fetchedAt() ?? 0;
    return s.state === 'online' && (s.lastGood.status ?? 0) > since && stored > since;
  };

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 30, objects: 40 });
    const settings = memorySettings({ statusPollMs: POLL_MS, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-recovery-')), memoryVault(), settings);
    await signIn(core, sim.baseUrl);
    expect(await waitFor(freshSince(0), 10_000)).not.toBeNull();
  }, 20_000);
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('after connections were refused for a while, is online with a fresh status within a poll period', async () => {
    await sim.stopListening();
    expect(await waitFor(async () => (await state()).state === 'offline', 10_000)).not.toBeNull();
    await sleep(OUTAGE_MS);

    await sim.startListening();
    const up = Date.now();
    const took = await waitFor(freshSince(up), 20_000);
    expect(took, 'never back online with a fresh status').not.toBeNull();
    expect(took!).toBeLessThanOrEqual(POLL_MS + MARGIN_MS);
  }, 60_000);

  it('after a burst of 500s, is online with a fresh status within a poll period', async () => {
    sim.setFaults({ errorRate: 1 });
    expect(await waitFor(async () => (await state()).state !== 'online', 10_000)).not.toBeNull();
    await sleep(OUTAGE_MS);

    sim.setFaults({ errorRate: 0 });
    const up = Date.now();
    const took = await waitFor(freshSince(up), 20_000);
    expect(took, 'never back online with a fresh status').not.toBeNull();
    expect(took!).toBeLessThanOrEqual(POLL_MS + MARGIN_MS);
  }, 60_000);
});
