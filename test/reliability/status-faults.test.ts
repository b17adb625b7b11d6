import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFleetError } from '../../common/errors';
import { createCore, type Core } from '../../main/core/app';
import { memorySettings } from '../../main/core/seams/settings';
import { memoryVault } from '../../main/core/seams/vault';
import { startSimulator, type Faults, type SimulatorHandle } from '../../simulator';

/**
 * Fault drills on the live path: whatever the service does, polling never crashes, the
 * cache stays whole, connectivity says what is happening, and the first poll after the
 * fault ends brings the console back online.
 */
describe('status polling under injected faults', () => {
  let sim: SimulatorHandle;
  let core: Core;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 11, objects: 120 });
    core = createCore({
      dataDir: mkdtempSync(join(tmpdir(), 'fleet-faults-')),
      vault: memoryVault(),
      settings: memorySettings({ statusPollMs: 3_600_000, objectsRefreshMs: 3_600_000 }),
      demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
      log: () => {},
    });
    await core.start();
    await core.session.current().sync.refreshObjects();
    await core.session.current().sync.pollStatus();
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  const state = () => (core.dispatcher.dispatch({ id: 1, name: 'connectivity/state', args: {} }) as Promise<{ type: string; result: { state: string } }>).then((r) => r.result.state);

  /** Polls a few times under the fault; every failure must be a FleetError, never a crash. */
  async function pollUnder(faults: Partial<Faults>, polls = 4) {
    sim.setFaults(faults);
    const outcomes: string[] = [];
    for (let i = 0; i < polls; i++) {
      try {
        await core.session.current().sync.pollStatus();
        outcomes.push('ok');
      } catch (e) {
        expect(isFleetError(e), `not a FleetError: ${String(e)}`).toBe(true);
        outcomes.push((e as { code: string }).code);
      }
    }
    sim.clearFaults();
    return outcomes;
  }

  async function recovers() {
    await core.session.current().sync.pollStatus();
    expect(await state()).toBe('online');
    expect(core.session.current().cache.integrityCheck()).toBe('ok');
  }

  it('survives server errors', async () => {
    const outcomes = await pollUnder({ errorRate: 1 });
    expect(new Set(outcomes)).toEqual(new Set(['server_error']));
    expect(await state()).toBe('degraded');
    await recovers();
  });

  it('survives malformed bodies without touching the cache', async () => {
    const before = core.session.current().cache.status.snapshot();
    const outcomes = await pollUnder({ malformedRate: 1 });
    expect(outcomes.every((o) => o === 'server_error')).toBe(true);
    expect(Array.from(core.session.current().cache.status.snapshot().ids)).toEqual(Array.from(before.ids));
    await recovers();
  });

  it('survives truncated bodies and connection resets', async () => {
    expect((await pollUnder({ truncateRate: 1 }, 2)).every((o) => o !== 'ok')).toBe(true);
    await recovers();
    expect((await pollUnder({ resetRate: 1 }, 2)).every((o) => o === 'offline' || o === 'server_error')).toBe(true);
    await recovers();
  });

  it('survives a rate limit', async () => {
    const outcomes = await pollUnder({ rateLimit: { limit: 0, windowMs: 60_000, retryAfterS: 60 } }, 2);
    expect(outcomes.every((o) => o === 'rate_limited')).toBe(true);
    await recovers();
  });

  it('goes offline in an outage and comes back with the first answer', async () => {
    await sim.stopListening();
    for (let i = 0; i < 2; i++) await expect(core.session.current().sync.pollStatus()).rejects.toMatchObject({ code: 'offline' });
    expect(await state()).toBe('offline');
    await sim.startListening();
    await recovers();
  });
});
