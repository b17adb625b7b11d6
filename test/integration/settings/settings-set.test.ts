/**
 * settings/get and settings/set through the core's dispatcher (issue 29): bad values are
 * refused with words saying why and change nothing; a good change is saved, pushed to every
 * window, and the running connection picks it up at once: a shortened status period brings the
 * next poll of the simulator forward, a new tile source serves the next tile.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import type { Preferences } from '../../../common/methods/settings';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { startSimulator } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { fileSettings, memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { startTileServer, type TileServer } from '../tiles/tile-server';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

async function until<T>(what: string, get: () => T | undefined | null | false, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = get();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never: ${what}`);
}

describe('settings/set', () => {
  let sim: Sim;
  let tilesA: TileServer;
  let tilesB: TileServer;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 3, objects: 20 });
    [tilesA, tilesB] = await Promise.all([startTileServer(), startTileServer()]);
  });
  afterAll(async () => {
    await Promise.all([sim?.close(), tilesA?.close(), tilesB?.close()]);
  });

  const coreWith = (settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }), dataDir = mkdtempSync(join(tmpdir(), 'fleet-settings-'))) =>
    createCore({ dataDir, vault: memoryVault(), settings, demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) }, log: () => {} });

  const dispatch = (core: Core, name: string, args: unknown) => core.dispatcher.dispatch({ id: 1, name, args });

  it('refuses bad values with a clear error and keeps what was set', async () => {
    const core = coreWith();
    try {
      const before = await dispatch(core, 'settings/get', {});
      expect(before.type).toBe('reply');
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ statusPollMs: 200 }, /positions poll must be a whole number of milliseconds from 1 s to 10 min/],
        [{ objectsRefreshMs: 2 * 86_400_000 }, /objects list refresh must be .* from 1 min to 24 h/],
        [{ eventsPollMs: 2500.5 }, /events poll must be a whole number/],
        [{ commandTimeoutMs: '20000' }, /command timeout must be/],
        [{ distanceUnit: 'furlong' }, /distance unit must be one of: km, mi/],
        [{ timeZone: 'Mars' }, /time zone rule must be one of: object, computer, utc/],
        [{ language: 'de' }, /language must be one of: system, en, ru, lt/],
        [{ tileUrl: 'ftp://tiles.example/{z}/{x}/{y}.png' }, /An http\(s\) address with \{z\}, \{x\} and \{y\}/],
        [{ profiles: [] }, /Unrecognized key/],
        [{}, /Nothing to change/],
        // One bad value refuses the whole change: the good one beside it is not half-applied.
        [{ distanceUnit: 'mi', statusPollMs: 0 }, /positions poll/],
      ];
      for (const [changes, says] of cases) {
        const r = await dispatch(core, 'settings/set', { changes });
        expect(r.type, JSON.stringify(changes)).toBe('error');
        if (r.type !== 'error') continue;
        expect(r.error.code).toBe('invalid_input');
        expect(r.error.message).toMatch(says);
      }
      expect(await dispatch(core, 'settings/get', {})).toEqual(before);
    } finally {
      await core.close();
    }
  });

  it('saves a good change to settings.json and pushes it once to every window', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-settings-file-'));
    const core = coreWith(fileSettings(dataDir), dataDir);
    const pushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => p.name === 'settings/changed' && pushes.push(p));
    try {
      const r = await dispatch(core, 'settings/set', { changes: { distanceUnit: 'mi', volumeUnit: 'gal', clock: '12h', timeZone: 'utc', language: 'lt', closeToTray: true } });
      expect(r.type).toBe('reply');
      const prefs = (r as { result: Preferences }).result;
      expect(prefs).toMatchObject({ distanceUnit: 'mi', volumeUnit: 'gal', clock: '12h', timeZone: 'utc', language: 'lt', closeToTray: true, alarmSounds: true });
      await until('the push', () => pushes.length > 0);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.args).toEqual(prefs);
      const saved = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>;
      expect(saved).toMatchObject({ distanceUnit: 'mi', volumeUnit: 'gal', clock: '12h', timeZone: 'utc', language: 'lt', closeToTray: true });
    } finally {
      await core.close();
    }
  });

  it('a shortened status period brings the next poll forward without a restart', async () => {
    const core = coreWith();
    const goods: number[] = [];
    core.bus.subscribe((p) => {
      const s = p.args as ConnectivityState;
      if (p.name === 'connectivity/changed' && s.lastGood?.status && !goods.includes(s.lastGood.status)) goods.push(s.lastGood.status);
    });
    try {
      await core.start();
      // The first poll runs at sign-in; the next would be ten minutes later.
      await until('the first status poll', () => goods.length >= 1);
      const r = await dispatch(core, 'settings/set', { changes: { statusPollMs: 1_000 } });
      expect(r.type).toBe('reply');
      await until('three more status polls at the new period', () => goods.length >= 4);
      const pushed = await dispatch(core, 'connectivity/state', {});
      expect((pushed as { result: ConnectivityState }).result.pollMs?.status).toBe(1_000);
    } finally {
      await core.close();
    }
  });

  it('a new tile source serves the next tile, and tiles/setUrl is pushed as a settings change', async () => {
    const core = coreWith(memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000, tileUrl: tilesA.template }));
    const pushes: Preferences[] = [];
    core.bus.subscribe((p) => p.name === 'settings/changed' && pushes.push(p.args as Preferences));
    try {
      expect((await dispatch(core, 'tiles/get', { z: 3, x: 1, y: 2 })).type).toBe('reply');
      expect(tilesA.requests).toContain('/3/1/2.png');
      const set = await dispatch(core, 'settings/set', { changes: { tileUrl: tilesB.template } });
      expect(set.type).toBe('reply');
      const config = (await dispatch(core, 'tiles/config', {})) as { result: { url: string } };
      expect(config.result.url).toBe(tilesB.template);
      expect((await dispatch(core, 'tiles/get', { z: 3, x: 1, y: 2 })).type).toBe('reply');
      expect(tilesB.requests).toContain('/3/1/2.png');

      await dispatch(core, 'tiles/setUrl', { url: tilesA.template });
      await until('the push of tiles/setUrl', () => pushes.some((p) => p.tileUrl === tilesA.template));
    } finally {
      await core.close();
    }
  });
});
