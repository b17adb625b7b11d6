/**
 * SIGKILL drills: a child process writes the cache, migrates a big old cache, or writes the
 * vault, and is killed at a seeded random moment. On reopening, SQLite's integrity check is
 * 'ok' and everything the child reported as confirmed is there; a killed migration left the
 * old schema whole (it is one transaction) and the next open completes it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appliedMigrations, cacheFileFor, MIGRATIONS, openCache, openDb } from '../../main/core/cache';
import { fileVault } from '../../main/host/file-vault';
import { Rng } from '../../simulator/util/rng';

const ROOT = resolve(import.meta.dirname, '../..');
const CHILD = join(ROOT, 'test/reliability/fixtures/sigkill-child.ts');
const SEED = Number(process.env.DRILL_SEED ?? 20261126);
const BASE = { baseUrl: 'http://drill.invalid', login: 'drill' };

/** The kill moments are random but the same on every run with the same seed. */
function rng(seed: number): () => number {
  const r = new Rng(seed);
  return () => r.next();
}

interface Run {
  /** The highest n the child confirmed before it died. */
  acked: number;
  signal: NodeJS.Signals | null;
}

/**
 * Runs the child and SIGKILLs it `delayMs` after it says READY, or at once when it has
 * confirmed `killAtAck` writes. Bounded: the child's loop has a fixed count, and a
 * watchdog kills it after 60 s whatever happens.
 */
function runAndKill(args: string[], when: { delayMs?: number; killAtAck?: number }): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let acked = 0;
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        const m = /^ACK (\d+)$/.exec(line);
        if (m) acked = Number(m[1]);
        if (line === 'READY' && when.delayMs !== undefined) setTimeout(() => child.kill('SIGKILL'), when.delayMs);
        if (m && when.killAtAck !== undefined && acked >= when.killAtAck) child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      if (signal === 'SIGKILL' || code === 0) done({ acked, signal });
      else fail(new Error(`child exited with ${code}: ${err.slice(-2000)}`));
    });
  });
}

const integrity = (file: string) => {
  const db = new Database(file);
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
};

describe(`SIGKILL drills (seed ${SEED})`, () => {
  const random = rng(SEED);

  it('cache writes: integrity ok, and the last confirmed write is there', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'fleet-drill-cache-'));
      const killAtAck = 5 + Math.floor(random() * 60);
      const run = await runAndKill(['cache', dataDir, '400'], { killAtAck });
      expect(run.signal).toBe('SIGKILL');
      expect(run.acked).toBeGreaterThanOrEqual(killAtAck);
      const file = cacheFileFor(dataDir, BASE.baseUrl, BASE.login);
      expect(integrity(file)).toBe('ok');
      const cache = openCache({ dataDir, ...BASE });
      // The kill may land after a later commit than the last one reported, never before it.
      expect(cache.objects.fetchedAt()).toBeGreaterThanOrEqual(run.acked);
      expect(cache.objects.list()).toHaveLength(2000);
      expect(cache.objects.list()[run.acked % 2000]!.Name).toMatch(/^Truck renamed \d+$/);
      cache.close();
    }
  }, 120_000);

  it('a migration of a big old cache: the old schema whole or the new one, never half; the next open completes it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-drill-migrate-'));
    const file = cacheFileFor(dataDir, BASE.baseUrl, BASE.login);
    // A cache as version 002 left it, with a big fleet: 003 rewrites every object's JSON.
    const old = openDb(file, { migrations: MIGRATIONS.slice(0, 2) });
    const N = 60_000;
    const insert = old.prepare('INSERT INTO objects (id, ord, name, plate, imei, status, json, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1)');
    const sensors = Array.from({ length: 12 }, (_, i) => ({ Id: i, Name: `Sensor ${i}`, Type: 'fuel', Param: `p${i}` }));
    old.transaction(() => {
      for (let i = 1; i <= N; i++) insert.run(i, i, `Truck ${i}`, `P${i}`, String(i), 1, JSON.stringify({ Id: i, Name: `Truck ${i}`, Sensors: sensors }));
    })();
    old.close();

    // How long the whole migration takes here, on a copy, so the kill lands inside it.
    const probeDir = mkdtempSync(join(tmpdir(), 'fleet-drill-probe-'));
    const probeFile = cacheFileFor(probeDir, BASE.baseUrl, BASE.login);
    const src = new Database(file);
    await src.backup(probeFile);
    src.close();
    const t0 = Date.now();
    openDb(probeFile).close();
    const migrateMs = Date.now() - t0;

    const delayMs = Math.floor(random() * migrateMs * 0.9);
    const run = await runAndKill(['migrate', dataDir], { delayMs });
    if (process.env.DRILL_VERBOSE) console.log({ migrateMs, delayMs, acked: run.acked });
    expect(integrity(file)).toBe('ok');
    const db = new Database(file);
    const applied = appliedMigrations(db).map((m) => m.name);
    const hasSummary = (db.prepare("SELECT count(*) FROM pragma_table_info('objects') WHERE name = 'summary'").pluck().get() as number) === 1;
    db.close();
    // One transaction: either nothing of 003–006 or all of it, and the schema agrees with the record.
    expect([MIGRATIONS.slice(0, 2).map((m) => m.name), MIGRATIONS.map((m) => m.name)]).toContainEqual(applied);
    expect(hasSummary).toBe(applied.length === MIGRATIONS.length);
    if (run.acked >= 1) expect(applied).toHaveLength(MIGRATIONS.length);

    const cache = openCache({ dataDir, ...BASE });
    expect(appliedMigrations(cache.db)).toHaveLength(MIGRATIONS.length);
    expect(cache.objects.list()).toHaveLength(N);
    expect(cache.integrityCheck()).toBe('ok');
    cache.close();
  }, 180_000);

  it('vault writes: the file parses and holds every confirmed entry', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'fleet-drill-vault-'));
      const killAtAck = 3 + Math.floor(random() * 80);
      const run = await runAndKill(['vault', dataDir, '300'], { killAtAck });
      expect(run.signal).toBe('SIGKILL');
      const stored = JSON.parse(readFileSync(join(dataDir, 'vault.json'), 'utf8')) as Record<string, string>;
      for (let n = 1; n <= run.acked; n++) expect(stored[`k${n}`]).toBe(`v${n}`);
      // Never a half-written vault: whatever a kill leaves beside it is a temp file, which the
      // next start removes.
      expect(readdirSync(dataDir).filter((f) => f.startsWith('vault.json') && f !== 'vault.json' && !f.endsWith('.tmp'))).toEqual([]);
      const again = fileVault(dataDir);
      expect(await again.get(`k${run.acked}`)).toBe(run.acked > 0 ? `v${run.acked}` : null);
      expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
  }, 120_000);
});
