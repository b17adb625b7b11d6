/**
 * Several connections open together, against two simulators over real HTTP with real SQLite
 * files: the background one keeps polling its events and its alarms are counted, its pushes
 * never reach the screens as the foreground's, switching is immediate (the same open
 * connection, no sign-in), forgetting deletes only that connection's files, and the bound
 * on open connections holds.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import type { EventsChanged, EventsList } from '../../../common/methods/events';
import { objectsOf, type ObjectsList } from '../../../common/methods/live';
import type { ConnectionsList, SessionState } from '../../../common/methods/session';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { cacheFileFor } from '../../../main/core/cache';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { MAX_OPEN } from '../../../main/core/session/open-set';

describe('core: several connections open together', () => {
  let a: SimulatorHandle;
  let b: SimulatorHandle;
  let core: Core;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-conns-'));
  const settings = memorySettings({ eventsPollMs: 300, statusPollMs: 60_000, objectsRefreshMs: 600_000 });
  const vault = memoryVault();
  const pushes: PushEnvelope[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([startSimulator({ port: 0, seed: 3, objects: 40 }), startSimulator({ port: 0, seed: 4, objects: 40 })]);
    core = createCore({ dataDir, vault, settings, log: () => {} });
    core.bus.subscribe((p) => pushes.push(p));
  });
  afterAll(async () => {
    core?.session.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  const call = async <T,>(name: string, args: unknown = {}): Promise<T> => {
    const r = await core.dispatcher.dispatch({ id: 1, name, args });
    if (r.type === 'error') throw Object.assign(new Error(`${name}: ${r.error.message}`), { code: r.error.code });
    return r.result as T;
  };
  const signIn = (sim: SimulatorHandle, login: string) => call<SessionState>('session/signIn', { baseUrl: sim.baseUrl, login, password: login, remember: true });
  const info = async (baseUrl: string, login: string) => {
    const list = await call<ConnectionsList>('session/connections');
    return list.connections.find((c) => c.baseUrl === baseUrl && c.login === login);
  };
  const idOf = (s: SessionState) => (s.status === 'signed_out' ? null : s.profile.id);

  it('keeps the background connection polling, counts its alarms and holds back its pushes', async () => {
    const onA = await signIn(a, 'demo');
    const connA = core.session.current();
    await connA.sync.refreshObjects();
    const objectId = objectsOf(await call<ObjectsList>('objects/list'))[0]!.Id;
    // The view loads A's events: from here on A's events service pushes what changes.
    await call<EventsList>('events/list', { scope: 'all' });

    const onB = await signIn(b, 'demo');
    expect(idOf(onB)).not.toBe(idOf(onA));
    const connB = core.session.current();
    expect(connB).not.toBe(connA);

    const before = (await info(a.baseUrl, 'demo'))!;
    expect(before).toMatchObject({ state: 'signed_in', foreground: false });
    expect((await info(b.baseUrl, 'demo'))!).toMatchObject({ state: 'signed_in', foreground: true });

    pushes.length = 0;
    const alarm = a.sim.store.addEvent({ ObjectId: objectId, Time: Date.now(), Type: 0x8000, Status: 1, Text: 'Panic button (background test)', ResetTime: 0, NotificationId: 0 });
    // A's own poller (every 300 ms here) stores it and the count is pushed; nothing else drives it.
    await vi.waitFor(
      () => {
        const last = pushes.filter((p) => p.name === 'session/connections').at(-1)?.args as ConnectionsList | undefined;
        const mine = last?.connections.find((c) => c.baseUrl === a.baseUrl && c.login === 'demo');
        expect(mine?.alarms).toBe(before.alarms! + 1);
        expect(mine?.unacknowledged).toBe(before.unacknowledged! + 1);
      },
      { timeout: 15_000, interval: 100 },
    );
    // A's events/changed for the new alarm did not reach the screens, which show B.
    const leaked = pushes.filter((p) => p.name === 'events/changed' && (p.args as EventsChanged).upserted.some((e) => e.Id === alarm.Id));
    expect(leaked).toEqual([]);

    // Switching is immediate: the same open connection (its cache, pollers and token), nothing built again.
    const switched = await call<SessionState>('session/switch', { profileId: idOf(onA) });
    expect(idOf(switched)).toBe(idOf(onA));
    expect(core.session.current()).toBe(connA);
    const listed = await call<EventsList>('events/list', { scope: 'all' });
    expect(listed.events.some((e) => e.Id === alarm.Id)).toBe(true);
    expect(pushes.filter((p) => p.name === 'session/changed').at(-1)?.args).toMatchObject({ profile: { id: idOf(onA) } });

    // Both caches stay on disk and open; B is in the background now.
    expect((await info(b.baseUrl, 'demo'))!).toMatchObject({ state: 'signed_in', foreground: false });
    for (const sim of [a, b]) expect(existsSync(cacheFileFor(dataDir, sim.baseUrl, 'demo'))).toBe(true);
    expect((await info(a.baseUrl, 'demo'))!.cacheBytes).toBeGreaterThan(0);
  });

  it('refuses to open more than the bound and forgets one connection with only its files', async () => {
    expect(MAX_OPEN).toBe(4);
    await signIn(a, 'acme');
    await signIn(b, 'acme');
    const open = (await call<ConnectionsList>('session/connections')).connections.filter((c) => c.state !== 'closed');
    expect(open).toHaveLength(MAX_OPEN);
    const foreground = core.session.current();

    await expect(signIn(b, 'admin')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(core.session.current()).toBe(foreground);
    expect((await call<ConnectionsList>('session/connections')).connections.filter((c) => c.state !== 'closed')).toHaveLength(MAX_OPEN);

    // Forget A/acme (in the background): its cache goes, every other one stays.
    const acmeA = (await info(a.baseUrl, 'acme'))!;
    expect(existsSync(cacheFileFor(dataDir, a.baseUrl, 'acme'))).toBe(true);
    const after = await call<SessionState>('session/forget', { profileId: acmeA.profileId });
    expect(idOf(after)).toBe(foreground.profile.id);
    expect(core.session.current()).toBe(foreground);
    expect(existsSync(cacheFileFor(dataDir, a.baseUrl, 'acme'))).toBe(false);
    for (const [sim, login] of [[a, 'demo'], [b, 'demo'], [b, 'acme']] as const) expect(existsSync(cacheFileFor(dataDir, sim.baseUrl, login))).toBe(true);
    expect(await info(a.baseUrl, 'acme')).toBeUndefined();

    // A place is free again.
    await signIn(b, 'admin');
    expect((await call<ConnectionsList>('session/connections')).connections.filter((c) => c.state !== 'closed')).toHaveLength(MAX_OPEN);
  });

  it('renames, clears one cache, and signing out of the foreground brings the latest other one forward', async () => {
    const adminB = (await info(b.baseUrl, 'admin'))!;
    const demoA = (await info(a.baseUrl, 'demo'))!;
    await call('session/rename', { profileId: demoA.profileId, name: 'Company A' });
    expect((await info(a.baseUrl, 'demo'))!.name).toBe('Company A');
    await expect(call('session/rename', { profileId: demoA.profileId, name: '  ' })).rejects.toMatchObject({ code: 'invalid_input' });

    // Clearing the background A/demo's cache reopens it on an empty file; B/admin stays in front.
    await call('session/switch', { profileId: demoA.profileId });
    core.session.current().cache.meta.set('test:marker', 1);
    await call('session/switch', { profileId: adminB.profileId });
    const before = core.session.current();
    await call('session/clearCache', { profileId: demoA.profileId });
    expect(core.session.current()).toBe(before);
    const cleared = (await info(a.baseUrl, 'demo'))!;
    expect(cleared).toMatchObject({ state: 'signed_in', foreground: false, name: 'Company A' });

    await call('session/switch', { profileId: demoA.profileId });
    expect(core.session.current().cache.meta.get('test:marker')).toBeUndefined();
    const out = await call<SessionState>('session/signOut', { forget: false });
    expect(idOf(out)).toBe(adminB.profileId);
    expect((await info(a.baseUrl, 'demo'))!.state).toBe('closed');
  });

  it('a restart opens again every connection that was open, the foreground one in front', async () => {
    const before = await call<ConnectionsList>('session/connections');
    const open = before.connections.filter((c) => c.state !== 'closed');
    expect(open.length).toBeGreaterThan(1);
    const front = open.find((c) => c.foreground)!.profileId;
    await core.close();

    core = createCore({ dataDir, vault, settings, log: () => {} });
    await core.start();
    const after = await call<ConnectionsList>('session/connections');
    const reopened = after.connections.filter((c) => c.state !== 'closed');
    expect(reopened.map((c) => c.profileId).sort()).toEqual(open.map((c) => c.profileId).sort());
    expect(reopened.find((c) => c.foreground)?.profileId).toBe(front);
    expect(core.session.current().profile.id).toBe(front);
  });
});
