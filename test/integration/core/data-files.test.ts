/**
 * The data folder as a signed-in core leaves it (private modes), and what the core does with
 * files it cannot use (set aside, said on screen, fresh start), through the real core on a
 * temp folder against the simulator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../../common/methods/notices';
import type { PushEnvelope } from '../../../common/envelope';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { cacheFileFor } from '../../../main/core/cache';
import { createNotices } from '../../../main/core/seams/notices';
import { fileSettings } from '../../../main/core/seams/settings';
import { fileVault } from '../../../main/host/file-vault';
import { call, daytimeClock, services, signIn } from './offline-helpers';

const mode = (p: string) => statSync(p).mode & 0o777;

function quietSettings(dir: string, notices = createNotices()) {
  const s = fileSettings(dir, notices);
  s.set('statusPollMs', 600_000);
  s.set('objectsRefreshMs', 600_000);
  s.set('eventsPollMs', 600_000);
  return s;
}

/** A core as the browser host builds it: one notices list shared by settings, vault and core. */
function hostCore(dir: string): { core: Core; pushes: PushEnvelope[] } {
  const notices = createNotices();
  const settings = fileSettings(dir, notices);
  const core = createCore({ dataDir: dir, vault: fileVault(dir, { notices }), settings, notices, log: () => {} });
  const pushes: PushEnvelope[] = [];
  core.bus.subscribe((p) => pushes.push(p));
  return { core, pushes };
}

describe('data folder', () => {
  let sim: SimulatorHandle;
  let tileServer: Server;
  let tileTemplate = '';
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 3, objects: 50, now: daytimeClock() });
    tileServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    });
    await new Promise<void>((r) => tileServer.listen(0, '127.0.0.1', r));
    tileTemplate = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
    await new Promise((r) => tileServer?.close(r));
  });

  it('is 0700 with every file in it 0600 after a sign-in, and narrows an older folder at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-perms-'));
    chmodSync(dir, 0o755);
    // What an older version left: a world-readable settings file.
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ tileUrl: tileTemplate }), { mode: 0o644 });
    chmodSync(join(dir, 'settings.json'), 0o644);
    // Not ours: --data-dir may name a folder that holds other files too.
    writeFileSync(join(dir, 'notes.txt'), 'x', { mode: 0o644 });
    chmodSync(join(dir, 'notes.txt'), 0o644);
    const { core } = hostCore(dir);
    await signIn(core, sim.baseUrl);
    await services(core).pollEvents();
    await call(core, 'tiles/get', { z: 1, x: 0, y: 0 });
    // While open, with the caches' -wal and -shm beside them.
    const open = readdirSync(dir).filter((f) => f !== 'notes.txt');
    expect(open.filter((f) => f.endsWith('-wal') || f.endsWith('-shm')).length).toBeGreaterThanOrEqual(2);
    expect(open.filter((f) => mode(join(dir, f)) !== 0o600)).toEqual([]);
    await core.close();

    expect(mode(join(dir, 'notes.txt'))).toBe(0o644);
    const files = readdirSync(dir).filter((f) => f !== 'notes.txt');
    const cache = cacheFileFor(dir, sim.baseUrl, 'demo');
    // Everything the core writes is there, so the modes below are about real files.
    expect(files).toEqual(expect.arrayContaining(['settings.json', 'vault.json', 'tiles.sqlite', cache.slice(dir.length + 1)]));
    expect(mode(dir)).toBe(0o700);
    expect(Object.fromEntries(files.map((f) => [f, mode(join(dir, f)).toString(8)]))).toEqual(Object.fromEntries(files.map((f) => [f, '600'])));

    // A cache made 0644 by an older version (with its -wal) is narrowed when next opened.
    chmodSync(cache, 0o644);
    const again = hostCore(dir).core;
    await again.start();
    expect(mode(cache)).toBe(0o600);
    expect(existsSync(`${cache}-wal`) ? mode(`${cache}-wal`) : 0o600).toBe(0o600);
    await again.close();
  }, 60_000);

  it('moves a cache file that is not a database aside, starts a fresh one and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-damaged-'));
    const first = hostCore(dir).core;
    quietSettings(dir);
    await signIn(first, sim.baseUrl);
    await first.close();
    const cache = cacheFileFor(dir, sim.baseUrl, 'demo');
    writeFileSync(cache, 'this is not a database, but it is somebody’s file'.repeat(200));

    const { core, pushes } = hostCore(dir);
    await core.start();
    expect(services(core).cache.integrityCheck()).toBe('ok');
    const notices = await call<Notice[]>(core, 'notices/list');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'cache_damaged' });
    expect(notices[0]!.message).toMatch(/damaged/);
    expect(notices[0]!.keptCopy).toMatch(/\.sqlite\.damaged-/);
    expect(readFileSync(notices[0]!.keptCopy!, 'utf8')).toMatch(/^this is not a database/);
    expect(pushes.some((p) => p.name === 'notices/changed')).toBe(true);
    // The fresh cache fills from the service.
    await services(core).pollEvents();
    expect(await call<Notice[]>(core, 'notices/dismiss', { id: notices[0]!.id })).toEqual([]);
    await core.close();
  }, 60_000);

  it('moves a cache a newer version migrated aside as .newer-…, keeping it whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-newer-'));
    const first = hostCore(dir).core;
    quietSettings(dir);
    await signIn(first, sim.baseUrl);
    await first.close();
    const cache = cacheFileFor(dir, sim.baseUrl, 'demo');
    const db = new Database(cache);
    db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (999, ?, 0)').run('999_from_the_future');
    db.close();

    const { core } = hostCore(dir);
    await core.start();
    const [n] = await call<Notice[]>(core, 'notices/list');
    expect(n).toMatchObject({ kind: 'cache_newer' });
    expect(n!.keptCopy).toMatch(/\.sqlite\.newer-/);
    const kept = new Database(n!.keptCopy!, { readonly: true });
    expect(kept.prepare('SELECT name FROM schema_migrations WHERE id = 999').pluck().get()).toBe('999_from_the_future');
    kept.close();
    expect(services(core).cache.db.prepare('SELECT count(*) FROM schema_migrations WHERE id = 999').pluck().get()).toBe(0);
    await core.close();
  }, 60_000);

  it('keeps a corrupt settings.json aside, starts from defaults and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-settings-'));
    writeFileSync(join(dir, 'settings.json'), '{"profiles": [ {"id": "x", ');
    const { core } = hostCore(dir);
    const [n] = await call<Notice[]>(core, 'notices/list');
    expect(n).toMatchObject({ kind: 'settings_damaged' });
    expect(readFileSync(n!.keptCopy!, 'utf8')).toBe('{"profiles": [ {"id": "x", ');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toBeTypeOf('object');
    await core.close();
  });

  it('raises the vault’s own warning (no keyring) once as a notice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-weak-'));
    const vault = { ...fileVault(dir), warning: 'Secrets are stored without the system keyring' };
    const core = createCore({ dataDir: dir, vault, settings: fileSettings(dir), log: () => {} });
    const list = await call<Notice[]>(core, 'notices/list');
    expect(list.map((n) => n.kind)).toEqual(['vault_weak']);
    await core.close();
  });
});
