import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { objectsOf, type ObjectsList } from '../../../common/methods/live';
import type { SessionState } from '../../../common/methods/session';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault, type Vault } from '../../../main/core/seams/vault';
import { startSimulator, type SimulatorHandle } from '../../../simulator';

/** Sign-in, token expiry mid-session and the user's password, against short-lived tokens. */
describe('credentials and sessions', () => {
  let sim: SimulatorHandle;
  const TTL_S = 2;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, objects: 30, tokenTtlS: TTL_S });
  });
  afterAll(() => sim?.close());

  const makeCore = (vault: Vault = memoryVault(), dataDir = mkdtempSync(join(tmpdir(), 'fleet-cred-'))) => {
    const core = createCore({
      dataDir,
      vault,
      settings: memorySettings({ statusPollMs: 3_600_000, objectsRefreshMs: 3_600_000 }),
      log: () => {},
    });
    const pushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => pushes.push(p));
    return { core, pushes, vault, dataDir };
  };
  const call = async <T>(core: Core, name: string, args: unknown = {}): Promise<T> => {
    const r = await core.dispatcher.dispatch({ id: 1, name, args });
    if (r.type === 'error') throw Object.assign(new Error(r.error.message), { code: r.error.code });
    return r.result as T;
  };
  const pastExpiry = () => new Promise((r) => setTimeout(r, TTL_S * 1000 + 300));

  it('refuses a wrong password without opening a session', async () => {
    const { core } = makeCore();
    await expect(call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'wrong', remember: false })).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect((await call<SessionState>(core, 'session/state')).status).toBe('signed_out');
  });

  it('renews an expiring token silently when the password is remembered', async () => {
    const { core, vault, pushes } = makeCore();
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo', remember: true });
    const firstToken = await vault.get(`token:${core.session.current().profile.id}`);
    await pastExpiry();
    await core.session.current().sync.pollStatus();
    expect((await call<SessionState>(core, 'session/state')).status).toBe('signed_in');
    expect(await vault.get(`token:${core.session.current().profile.id}`)).not.toBe(firstToken);
    // Neither token reaches the renderer: not in any state or push.
    const seen = JSON.stringify(pushes) + JSON.stringify(await call(core, 'session/state'));
    for (const stored of [firstToken, await vault.get(`token:${core.session.current().profile.id}`)]) {
      expect(seen).not.toContain((JSON.parse(stored!) as { token: string }).token);
    }
    await core.close();
  });

  it('asks for the password when the token expires and none is stored, then carries on', async () => {
    const { core, pushes } = makeCore();
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo', remember: false });
    await pastExpiry();
    await expect(core.session.current().sync.pollStatus()).rejects.toMatchObject({ code: 'unauthorized' });
    const state = await call<SessionState>(core, 'session/state');
    expect(state.status).toBe('needs_password');
    expect(pushes.some((p) => p.name === 'session/changed' && (p.args as SessionState).status === 'needs_password')).toBe(true);
    // The cached fleet stays readable meanwhile.
    expect(objectsOf(await call<ObjectsList>(core, 'objects/list')).length).toBeGreaterThanOrEqual(0);
    const id = core.session.current().profile.id;
    await call(core, 'session/resume', { profileId: id, password: 'demo' });
    expect((await call<SessionState>(core, 'session/state')).status).toBe('signed_in');
    await core.session.current().sync.pollStatus();
    await core.close();
  });

  it('keeps several saved connections; sign-out wipes the token; forget deletes the cache file', async () => {
    const { core, vault } = makeCore();
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo', remember: false });
    await call(core, 'session/signIn', { baseUrl: sim.baseUrl, login: 'acme', password: 'acme', remember: true, name: 'ACME' });
    const state = await call<Extract<SessionState, { status: 'signed_in' }>>(core, 'session/state');
    expect(state.profiles.map((p) => p.login).sort()).toEqual(['acme', 'demo']);
    const acme = core.session.current();
    const file = acme.cache.file;
    expect(existsSync(file)).toBe(true);

    await call(core, 'session/signOut', { forget: false });
    expect(await vault.get(`token:${acme.profile.id}`)).toBeNull();
    expect(existsSync(file)).toBe(true);

    await call(core, 'session/resume', { profileId: acme.profile.id });
    await call(core, 'session/signOut', { forget: true });
    expect(existsSync(file)).toBe(false);
    expect(await vault.get(`password:${acme.profile.id}`)).toBeNull();
    const after = await call<SessionState>(core, 'session/state');
    expect(after.profiles.map((p) => p.login)).toEqual(['demo']);
  });
});
