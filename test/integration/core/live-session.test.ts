import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { Ignition, objectsOf, SUMMARY_KEYS, type ObjectDetails, type ObjectsChanged, type ObjectsList } from '../../../common/methods/live';
import { startSimulator } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings, type SettingsStore } from '../../../main/core/seams/settings';
import { memoryVault, type Vault } from '../../../main/core/seams/vault';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

/** The core against the simulator over real HTTP, with a real SQLite file. */
describe('core: sign in, poll, cache', () => {
  let sim: Sim;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-core-'));
  const vault: Vault = memoryVault();
  const settings: SettingsStore = memorySettings({ statusPollMs: 60_000, objectsRefreshMs: 600_000 });

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 7, objects: 60 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  const makeCore = () =>
    createCore({
      dataDir,
      vault,
      settings,
      demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
      log: () => {},
    });

  const call = async (core: Core, name: string, args: unknown = {}) => {
    const r = await core.dispatcher.dispatch({ id: 1, name, args });
    if (r.type === 'error') throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.result as Record<string, unknown>;
  };

  it('signs in, lists objects, and pushes only moved objects on the next poll', async () => {
    const core = makeCore();
    const pushes: PushEnvelope[] = [];
    const groupPushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => pushes.push(p));
    core.bus.subscribe((p) => p.name === 'objects/groupsChanged' && groupPushes.push(p));
    await core.start();
    expect((await call(core, 'session/state')).status).toBe('signed_in');

    const active = core.session.current();
    await active.sync.refreshObjects();
    await active.sync.pollStatus();
    const listed = (await call(core, 'objects/list')) as unknown as ObjectsList;
    const list = { objects: objectsOf(listed), fetchedAt: listed.fetchedAt };
    expect(list.objects.length).toBeGreaterThan(0);
    expect(list.fetchedAt).toBeGreaterThan(0);
    const first = (await call(core, 'status/snapshot')) as { ids: Int32Array; lat: Float64Array; lng: Float64Array };
    expect(first.ids.length).toBe(list.objects.length);

    // Positions are a function of time in the simulator: a second later, moving objects moved.
    pushes.length = 0;
    await new Promise((r) => setTimeout(r, 1200));
    await active.sync.pollStatus();
    const deltas = pushes.filter((p) => p.name === 'status/delta');
    expect(deltas.length).toBe(1);
    const delta = deltas[0]!.args as { ids: Int32Array; lat: Float64Array; lng: Float64Array };
    expect(delta.ids.length).toBeGreaterThan(0);
    expect(delta.ids.length).toBeLessThan(list.objects.length);
    const idx = first.ids.indexOf(delta.ids[0]!);
    expect([first.lat[idx], first.lng[idx]]).not.toEqual([delta.lat[0], delta.lng[0]]);
    expect(pushes.some((p) => p.name === 'connectivity/changed' && (p.args as { state: string }).state === 'online')).toBe(true);

    // Reference data is kept for offline screens, each kind on its own.
    const ref = await active.sync.refreshReference();
    expect(ref.failed).toEqual([]);
    // The groups arrived after the objects (by the start's own refresh or this one): windows
    // were told to read their names again; a refresh that changes nothing says nothing.
    // (Once each, if the start's refresh and this one both read the groups before either stored them.)
    const told = groupPushes.length;
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told).toBeLessThanOrEqual(2);
    await active.sync.refreshReference();
    expect(groupPushes).toHaveLength(told);
    expect(active.cache.reference.list('geozones').length).toBeGreaterThan(0);
    // The geozones' own list answered, so the profile, which embeds every object, was not asked.
    expect(active.cache.profile.get()).toBeUndefined();
    expect(active.cache.reference.list('commandTemplates').length).toBeGreaterThan(0);
    expect(active.cache.reference.list('drivers').length).toBeGreaterThan(0);
    const groups = (await call(core, 'objects/groups')) as { groups: { Id: number; Name: string }[] };
    expect(groups.groups.length).toBeGreaterThan(0);
    expect(groups.groups.every((g) => typeof g.Name === 'string' && g.Name.length > 0)).toBe(true);
    const grouped = list.objects as { GroupIds?: number[] }[];
    const known = new Set(groups.groups.map((g) => g.Id));
    expect(grouped.some((o) => (o.GroupIds ?? []).some((g) => known.has(g)))).toBe(true);
    await core.close();
  });

  it('lists objects without their sensors, and pushes only what a refresh of the list changed', async () => {
    const core = makeCore();
    const pushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => pushes.push(p));
    await core.start();
    const active = core.session.current();
    await active.sync.refreshObjects();
    const list = { objects: objectsOf((await call(core, 'objects/list')) as unknown as ObjectsList) };
    expect(list.objects.every((o) => Object.keys(o).every((k) => (SUMMARY_KEYS as readonly string[]).includes(k)))).toBe(true);
    const target = list.objects[3]!;
    const details = (await call(core, 'objects/details', { id: target.Id })) as unknown as ObjectDetails;
    expect(details.object.Sensors?.length).toBeGreaterThan(0);

    // Someone renames one vehicle on the service: the next refresh pushes that one only.
    await active.api.objects.update({ Id: target.Id, Name: `${target.Name} (renamed)` });
    pushes.length = 0;
    await active.sync.refreshObjects();
    const changed = pushes.filter((p) => p.name === 'objects/changed').map((p) => p.args as ObjectsChanged);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ removed: [], reload: false });
    expect(changed[0]!.upserted.map((o) => [o.Id, o.Name])).toEqual([[target.Id, `${target.Name} (renamed)`]]);
    expect(Object.keys(changed[0]!.upserted[0]!)).not.toContain('Sensors');

    // Nothing changed since: nothing is pushed.
    pushes.length = 0;
    await active.sync.refreshObjects();
    expect(pushes.filter((p) => p.name === 'objects/changed')).toEqual([]);
    await active.api.objects.update({ Id: target.Id, Name: target.Name });
    await active.sync.refreshObjects();
    await core.close();
  });

  it('carries each object’s ignition reading with its position, as the details panel reads it', async () => {
    const core = makeCore();
    await core.start();
    const active = core.session.current();
    await active.sync.refreshObjects();
    await active.sync.pollStatus();
    const snap = (await call(core, 'status/snapshot')) as unknown as { ids: Int32Array; ignition: Uint8Array };
    const seen = new Set<number>();
    for (let i = 0; i < snap.ids.length; i++) {
      const d = (await call(core, 'objects/details', { id: snap.ids[i] })) as unknown as ObjectDetails;
      const reading = d.sensors.find((r) => r.sensor.Name === 'Ignition');
      const expected = reading?.value == null ? Ignition.unknown : reading.value ? Ignition.on : Ignition.off;
      expect(snap.ignition[i], `object ${snap.ids[i]}`).toBe(expected);
      seen.add(expected);
    }
    // Every simulated vehicle has an ignition input: all unknown would mean the column is not filled.
    expect([...seen].some((v) => v !== Ignition.unknown)).toBe(true);
    await core.close();
  });

  it('resumes a saved server from its cache at once, with the service down, and catches up when it returns', async () => {
    // A real-server profile (the simulator by its address), password remembered.
    const core = makeCore();
    await core.start();
    await call(core, 'session/signOut', { forget: false });
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo', remember: true });
    const active = core.session.current();
    await active.sync.refreshObjects();
    await active.sync.pollStatus();
    const before = { objects: objectsOf((await call(core, 'objects/list')) as unknown as ObjectsList) };
    const snapBefore = (await call(core, 'status/snapshot')) as { ids: Int32Array; lat: Float64Array };
    const cacheFile = active.cache.file;
    await core.close();

    // The service goes away; the console restarts.
    const port = sim.port;
    await sim.close();
    const restarted = makeCore();
    await restarted.start();
    expect((await call(restarted, 'session/state')).status).toBe('signed_in');
    expect(restarted.session.current().cache.file).toBe(cacheFile);
    const cached = { objects: objectsOf((await call(restarted, 'objects/list')) as unknown as ObjectsList) };
    expect(cached.objects.map((o) => o.Name)).toEqual(before.objects.map((o) => o.Name));
    const snap = (await call(restarted, 'status/snapshot')) as { ids: Int32Array; lat: Float64Array };
    expect(Array.from(snap.ids)).toEqual(Array.from(snapBefore.ids));
    expect(Array.from(snap.lat)).toEqual(Array.from(snapBefore.lat));

    // Polls fail while it is down: no crash, the state says so, the cache stays whole.
    const s = restarted.session.current();
    await expect(s.sync.pollStatus()).rejects.toMatchObject({ code: 'offline' });
    await expect(s.sync.pollStatus()).rejects.toMatchObject({ code: 'offline' });
    expect(((await call(restarted, 'connectivity/state')) as { state: string }).state).toBe('offline');
    expect(s.cache.integrityCheck()).toBe('ok');

    // It comes back on the same address: the next poll catches up.
    sim = await startSimulator({ port, seed: 7, objects: 60 });
    await s.sync.pollStatus();
    expect(((await call(restarted, 'connectivity/state')) as { state: string }).state).toBe('online');
    await restarted.close();
  });
});
