import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../common/methods/geocode';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { geocode as simGeocode } from '../../../simulator/routes/geocoder';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, makeCore, services, signIn, startProxy, type Proxy } from './offline-helpers';

const GEOCODE = 'POST /api/ReverseGeocoder';

describe('core: reverse geocoding is cached and coalesced', () => {
  let sim: SimulatorHandle;
  let proxy: Proxy;
  let core: Core;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 9, objects: 10 });
    // The simulator does not log reads: a real proxy in front of it counts the POSTs.
    proxy = await startProxy(sim);
    core = makeCore(
      mkdtempSync(join(tmpdir(), 'fleet-geocode-')),
      memoryVault(),
      memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }),
    );
    await signIn(core, proxy.baseUrl);
  });
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await sim?.close();
  });

  it('answers 250 concurrent lookups with a few batched POSTs, in order, one bad coordinate not affecting the others', async () => {
    // 250 points ~100 m apart around Berlin (distinct cache cells), one in the open Atlantic.
    const points = Array.from({ length: 250 }, (_, i) => ({ lat: 52.4 + (i % 25) * 0.001, lng: 13.3 + Math.floor(i / 25) * 0.001 }));
    const sea = 117;
    points[sea] = { lat: 0.5, lng: -30.5 };
    const before = proxy.seen.filter((r) => r.key === GEOCODE).length;

    const answers = await Promise.all(points.map((p) => call<Address>(core, 'geocode/address', p)));
    const posts = proxy.seen.filter((r) => r.key === GEOCODE).slice(before);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.length).toBeLessThanOrEqual(6);
    expect(posts.every((r) => (r.body as unknown[]).length <= 100)).toBe(true);
    expect(posts.reduce((n, r) => n + (r.body as unknown[]).length, 0)).toBe(250);

    answers.forEach((a, i) => {
      const want = simGeocode(points[i]!.lat, points[i]!.lng);
      expect(a).toEqual({ address: want.Address, street: want.Street, error: want.Error, cached: false });
    });
    expect(answers[sea]!.error).toMatch(/No address/);
    expect(answers.filter((a) => a.error !== null)).toHaveLength(1);

    // Asked again: from the cache, no request at all (the error too, for its short lifetime).
    const count = proxy.seen.length;
    const again = await call<Address>(core, 'geocode/address', points[3]!);
    expect(again).toEqual({ ...answers[3], cached: true });
    expect((await call<Address>(core, 'geocode/address', points[sea]!)).cached).toBe(true);
    const many = await call<{ results: Address[] }>(core, 'geocode/addresses', { points: points.slice(0, 20) });
    expect(many.results.map((r) => r.address)).toEqual(answers.slice(0, 20).map((a) => a.address));
    expect(proxy.seen.length).toBe(count);
  });

  it('sends one lookup for identical coordinates asked at the same time', async () => {
    const p = { lat: 48.2, lng: 16.37 };
    const before = proxy.seen.filter((r) => r.key === GEOCODE).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call<Address>(core, 'geocode/address', p)));
    const posts = proxy.seen.filter((r) => r.key === GEOCODE).slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toHaveLength(1);
    expect(new Set(answers.map((a) => a.address)).size).toBe(1);
  });

  it('fails a lookup offline without caching the failure', async () => {
    const p = { lat: 45.76, lng: 4.84 };
    await sim.stopListening();
    try {
      const r = await core.dispatcher.dispatch({ id: 1, name: 'geocode/address', args: p });
      expect(r.type === 'error' && r.error.code).toBe('offline');
    } finally {
      await sim.startListening();
    }
    // The lookup's refused retries judged the link offline: a poll's answer tells the console it is back, as the pollers do.
    await services(core).pollEvents();
    const ok = await call<Address>(core, 'geocode/address', p);
    expect(ok).toMatchObject({ cached: false, error: null });
    expect(ok.address).toContain('Lyon');
  });

  it('once the console knows it is offline, answers an uncached lookup at once without a request, and cached ones still', async () => {
    const cachedPoint = { lat: 48.2, lng: 16.37 };
    const fresh = { lat: 40.42, lng: -3.7 };
    await sim.stopListening();
    try {
      // Two failed polls: the console is offline (sync/connectivity.ts).
      await expect(services(core).pollEvents()).rejects.toMatchObject({ code: 'offline' });
      await expect(services(core).pollEvents()).rejects.toMatchObject({ code: 'offline' });
      expect((await call<{ state: string }>(core, 'connectivity/state')).state).toBe('offline');
      const before = proxy.seen.filter((r) => r.key === GEOCODE).length;
      const r = await core.dispatcher.dispatch({ id: 2, name: 'geocode/address', args: fresh });
      expect(r.type === 'error' && r.error.code).toBe('offline');
      expect(r.type === 'error' && r.error.message).toContain('not in the cache');
      expect(proxy.seen.filter((q) => q.key === GEOCODE).length).toBe(before);
      expect(await call<Address>(core, 'geocode/address', cachedPoint)).toMatchObject({ cached: true, error: null });
    } finally {
      await sim.startListening();
    }
    await services(core).pollEvents();
    expect((await call<Address>(core, 'geocode/address', fresh)).address).toContain('Madrid');
  });
});
