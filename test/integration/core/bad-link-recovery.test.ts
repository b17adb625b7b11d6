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
 * Issue 30 (1): on a link that is still bad after an outage, the status poll's failures grew
 * its backoff as if the service were gone, and the reset after an outage only follows "no
 * answer" then an answer, so positions stayed old for tens of seconds while other requests
 * were answered. While answers keep coming (degraded is not offline), a failed poll is tried
 * again one period later: positions are fresh within a poll period of the status answering
 * well again (plus a margin for a loaded machine). The status answers here are unusable
 * (200 with a garbled body): a failure that never looks like an outage, so no reset hides it.
 */
const POLL_MS = 1_000;
const MARGIN_MS = 2_000;
/** Long enough for a doubling backoff to pass 8 periods (1, 2, 4, 8 s…). */
const BAD_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if (await check()) return Date.now() - t0;
    await sleep(50);
  }
  return null;
}

describe('core: fresh positions soon on a link still failing after an outage', () => {
  let sim: SimulatorHandle;
  let core: Core;
  const state = () => call<ConnectivityState>(core, 'connectivity/state');
  const freshSince = (since: number) => async () => {
    const stored = core.session.current().cache.status.fetchedAt() ?? 0;
    return ((await state()).lastGood.status ?? 0) > since && stored > since;
  };

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 32, objects: 30 });
    const settings = memorySettings({ statusPollMs: POLL_MS, objectsRefreshMs: 600_000, eventsPollMs: POLL_MS });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-bad-recovery-')), memoryVault(), settings);
    await signIn(core, sim.baseUrl);
    expect(await waitFor(freshSince(0), 10_000)).not.toBeNull();
  }, 20_000);
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('after an outage, with the status still unusable while the rest answers: fresh within a poll period once it reads again', async () => {
    await sim.stopListening();
    expect(await waitFor(async () => (await state()).link!.state === 'offline', 10_000)).not.toBeNull();
    // Back, but the link still fails the positions.
    sim.setFaults({ malformedRate: 1, pathPattern: 'ObjectsStatus' });
    await sim.startListening();
    expect(await waitFor(async () => (await state()).link!.state !== 'offline' && ((await state()).lastGood.events ?? 0) > Date.now() - 2_000, 10_000)).not.toBeNull();
    await sleep(BAD_MS);
    // The rest kept answering all along: this was a poor link, never an outage.
    expect((await state()).link!.state).not.toBe('offline');

    sim.setFaults({ malformedRate: 0, pathPattern: '' });
    const good = Date.now();
    const took = await waitFor(freshSince(good), 30_000);
    expect(took, 'positions never fresh again').not.toBeNull();
    expect(took!).toBeLessThanOrEqual(POLL_MS + MARGIN_MS);
  }, 60_000);
});
