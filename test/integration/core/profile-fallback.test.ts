/**
 * The profile (GET /api/Profile) embeds every object, and the console reads only its geozones,
 * as the geozones screen's fallback: it is asked only while the geozones' own list cannot be
 * had and none is kept. The core against the simulator over real HTTP, with a real SQLite
 * file; the simulator's error fault on GET /api/Geozones stands for an account refused it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeozonesList } from '../../../common/methods/geozones';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Served } from '../../../simulator/http/served-log';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, makeCore, services, signIn, until } from './offline-helpers';

describe('the profile, asked only for the geozones it stands in for', () => {
  let sim: SimulatorHandle;
  let core: Core;
  const profilesAsked = async () => ((await (await fetch(`${sim.controlUrl}/__sim/served`)).json()) as Served[]).filter((s) => s.path === '/api/Profile').length;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 9, objects: 40 });
    sim.setFaults({ errorRate: 1, pathPattern: '^/api/Geozones$' });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-profile-')), memoryVault(), memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }));
    await signIn(core, sim.baseUrl);
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('with the geozones refused, asks for the profile and lists its geozones; once they answer, asks it no more', async () => {
    const cache = services(core).cache;
    await until(() => cache.profile.get() !== undefined, 'the profile stored by the sign-in’s refresh');
    expect(cache.reference.fetchedAt('geozones')).toBeNull();
    const fromProfile = await call<GeozonesList>(core, 'geozones/list');
    const ids = (zones: GeozonesList['geozones']) => zones.map((g) => (g as { Id: number }).Id).sort((a, b) => a - b);
    expect(fromProfile.geozones.length).toBeGreaterThan(0);
    expect(fromProfile.fetchedAt).toBe(cache.profile.get()!.fetchedAt);

    sim.clearFaults();
    const before = await profilesAsked();
    const r = await services(core).sync.refreshReference();
    expect(r.refreshed).toContain('geozones');
    expect(r.failed).toEqual([]);
    // The profile's geozones were the service's own.
    expect(ids(cache.reference.list('geozones'))).toEqual(ids(fromProfile.geozones));
    await services(core).sync.refreshReference();
    expect(await profilesAsked()).toBe(before);
  });
});
