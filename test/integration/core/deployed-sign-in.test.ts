import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsList } from '../../../common/methods/events';
import type { StatusSnapshot } from '../../../common/methods/live';
import { startSimulator } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

/**
 * The core signing in to the simulator answering like deployed servers (legacy status with
 * broken commas, double-encoded bodies, camelCase and strings), with the address pasted as
 * the service's documentation names it (with /api/): what lands is the fleet, not "Never reported".
 */
describe('sign-in to a deployed-style server', () => {
  let sim: Sim;
  let documented: Sim;
  let core: Core;

  beforeAll(async () => {
    // One still clock for both: the truth is read after the console's poll and must be of the same moment.
    const clock = Date.now();
    sim = await startSimulator({ port: 0, seed: 5, objects: 40, shapes: 'deployed', now: () => clock });
    documented = await startSimulator({ port: 0, seed: 5, objects: 40, now: () => clock });
    // The fleet's own events follow its hours, and may all be acknowledged or all have text at
    // this one: four system events first, alike in both worlds, so there are always some and
    // one of any four consecutive ids is sent without text.
    const token = await documented.tokenFor('demo');
    const objects = (await (await fetch(`${documented.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).json()) as { Id: number }[];
    for (const s of [sim, documented])
      for (let i = 0; i < 4; i++) s.sim.store.addEvent({ ObjectId: objects[0]!.Id, Time: clock - (i + 1) * 60_000, Type: 0x400, Status: 1, Text: `Connection lost (test ${i + 1})`, ResetTime: 0, NotificationId: 0 });
    core = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-deployed-core-')), vault: memoryVault(), settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }), log: () => {} });
  });
  afterAll(async () => {
    core?.session.close();
    await sim?.close();
    await documented?.close();
  });

  const call = async <T>(name: string, args: unknown = {}): Promise<T> => {
    const r = await core.dispatcher.dispatch({ id: 1, name, args });
    if (r.type === 'error') throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.result as T;
  };

  it('signs in at an address ending in /api/, and stores the positions and speeds the documented server gives', async () => {
    const state = await call<{ status: string; profile: { baseUrl: string } }>('session/signIn', { baseUrl: `${sim.baseUrl}/api/`, login: 'demo', password: 'demo', remember: false });
    expect(state.status).toBe('signed_in');
    expect(state.profile.baseUrl).toBe(sim.baseUrl);
    const active = core.session.current();
    await active.sync.refreshObjects();
    // Two polls: one answer plain, the next double encoded.
    await active.sync.pollStatus();
    await active.sync.pollStatus();
    const snap = await call<StatusSnapshot>('status/snapshot');
    expect(await call('connectivity/state')).toMatchObject({ state: 'online', lastError: null });

    // The same world from a server that answers as documented: the same fixes and speeds.
    const token = await documented.tokenFor('demo');
    const truth = (await (await fetch(`${documented.baseUrl}/api/ObjectsStatus`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      Positions: { ObjectId: number; Lat: number; Lng: number; Speed: number; Time: number }[];
    };
    expect(snap.ids.length).toBe(truth.Positions.length);
    const moving = truth.Positions.filter((p) => p.Speed > 0);
    expect(moving.length).toBeGreaterThan(0);
    for (const p of truth.Positions) {
      const i = Array.from(snap.ids).indexOf(p.ObjectId);
      expect(snap.time[i]).toBe(p.Time);
      if (p.Time === 0) continue;
      expect([snap.lat[i], snap.lng[i]]).toEqual([p.Lat, p.Lng]);
    }
    expect(moving.some((p) => snap.speed[Array.from(snap.ids).indexOf(p.ObjectId)]! > 0)).toBe(true);
  });

  it('lists the unacknowledged events, those without text included', async () => {
    const active = core.session.current();
    const r = await core.dispatcher.dispatch({ id: 2, name: 'events/list', args: { scope: 'all' } });
    expect(r.type).toBe('reply');
    // Polled by the events service; poll once more here to be sure the deployed bodies were read.
    await active.sync.pollStatus();
    const token = await documented.tokenFor('demo');
    const truth = (await (await fetch(`${documented.baseUrl}/api/Events`, { headers: { authorization: `Bearer ${token}` } })).json()) as { Id: number }[];
    expect(truth.length).toBeGreaterThan(0);
    let list: EventsList = await call<EventsList>('events/list', { scope: 'all' });
    for (let i = 0; i < 50 && list.events.length < truth.length; i++) {
      await new Promise((r2) => setTimeout(r2, 100));
      list = await call<EventsList>('events/list', { scope: 'all' });
    }
    expect(list.events.map((e) => e.Id).sort((a, b) => a - b)).toEqual(truth.map((e) => e.Id).sort((a, b) => a - b));
    expect(list.events.some((e) => e.Id % 4 === 0)).toBe(true);
  });

  it('refuses an address that is not a web address, in words', async () => {
    await expect(call('session/signIn', { baseUrl: 'ftp://fleet.example.com', login: 'demo', password: 'demo', remember: false })).rejects.toThrow(
      /invalid_input .*must start with https:\/\/ or http:\/\//,
    );
  });
});
