import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  appliedMigrations,
  CacheSchemaMismatchError,
  cacheFileFor,
  deleteCacheFiles,
  MIGRATIONS,
  normaliseBaseUrl,
  openDb,
} from '../../../main/core/cache';
import type { FleetObject } from '../../../common/resources';
import { useTempCaches } from './helpers';

const t = useTempCaches();

describe('openCache', () => {
  it('applies the migrations once and records them', () => {
    const dataDir = t.tempDir();
    let clock = 1_700_000_000_000;
    const c1 = t.open({ dataDir, now: () => clock });
    expect(appliedMigrations(c1.db).map((m) => [m.id, m.name, m.applied_at])).toEqual(
      MIGRATIONS.map((m) => [m.id, m.name, 1_700_000_000_000]),
    );
    c1.close();
    clock += 1000;
    const c2 = t.open({ dataDir, now: () => clock });
    const applied = appliedMigrations(c2.db);
    expect(applied).toHaveLength(MIGRATIONS.length);
    expect(applied.every((m) => m.applied_at === 1_700_000_000_000)).toBe(true);
  });

  it('uses WAL and the chosen pragmas', () => {
    const c = t.open({ dataDir: t.tempDir() });
    expect(c.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(c.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(c.db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('keeps data across close and reopen', () => {
    const dataDir = t.tempDir();
    const c1 = t.open({ dataDir });
    const objects: FleetObject[] = [
      { Id: 2, Name: 'Truck B', StateNumber: 'B 222', IMEI: '222', Status: 1, Extra: { kept: true } },
      { Id: 1, Name: 'Truck A', Sensors: [{ Id: 10, Name: 'Fuel' }] },
    ];
    c1.objects.replaceAll(objects, 1000);
    c1.close();
    const c2 = t.open({ dataDir });
    expect(c2.objects.list()).toEqual(objects);
    expect(c2.objects.fetchedAt()).toBe(1000);
    expect(c2.objects.sensorsOf(1)).toEqual([{ Id: 10, Name: 'Fuel' }]);
    expect(c2.objects.byImei('222')?.Id).toBe(2);
    expect(c2.objects.search('b 2').map((o) => o.Id)).toEqual([2]);
    expect(c2.integrityCheck()).toBe('ok');
  });

  it('refuses a database with an unknown migration recorded', () => {
    const dataDir = t.tempDir();
    t.open({ dataDir }).close();
    const file = cacheFileFor(dataDir, 'https://fleet.example.com', 'alice');
    const raw = new Database(file);
    raw.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(999, '999_from_the_future', 1);
    raw.close();
    let err: unknown;
    try {
      t.open({ dataDir });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CacheSchemaMismatchError);
    const msg = (err as Error).message;
    expect(msg).toContain('different version of Fleet Console');
    expect(msg).toContain('999_from_the_future');
    expect(msg).toContain(file);
  });

  it('refuses a database whose migrations differ from the known list (other branch)', () => {
    const dir = t.tempDir();
    const file = `${dir}/x.sqlite`;
    openDb(file, { migrations: [{ id: 1, name: '001_other_branch', sql: 'CREATE TABLE a (x)' }] }).close();
    expect(() => openDb(file)).toThrow(CacheSchemaMismatchError);
    expect(() => openDb(file)).toThrow(/001_other_branch/);
  });

  it('applies only the missing tail when the known list grew', () => {
    const dir = t.tempDir();
    const file = `${dir}/x.sqlite`;
    const m1 = { id: 1, name: '001_a', sql: 'CREATE TABLE a (x)' };
    const m2 = { id: 2, name: '002_b', sql: 'CREATE TABLE b (y)' };
    openDb(file, { migrations: [m1] }).close();
    const db = openDb(file, { migrations: [m1, m2] });
    expect(appliedMigrations(db).map((m) => m.name)).toEqual(['001_a', '002_b']);
    db.close();
    // A database ahead of the known list is refused too.
    expect(() => openDb(file, { migrations: [m1] })).toThrow(CacheSchemaMismatchError);
  });

  it('gives two (baseUrl, login) pairs different files, and the same pair the same file', () => {
    const dataDir = t.tempDir();
    const a = cacheFileFor(dataDir, 'https://fleet.example.com', 'alice');
    expect(cacheFileFor(dataDir, 'https://fleet.example.com', 'bob')).not.toBe(a);
    expect(cacheFileFor(dataDir, 'https://other.example.com', 'alice')).not.toBe(a);
    expect(cacheFileFor(dataDir, 'HTTPS://Fleet.Example.com:443/api/', ' alice ')).toBe(a);
    expect(normaliseBaseUrl('https://Fleet.Example.com:443/x/api/?q=1#f')).toBe('https://fleet.example.com/x');

    const ca = t.open({ dataDir, login: 'alice' });
    const cb = t.open({ dataDir, login: 'bob' });
    ca.objects.replaceAll([{ Id: 1, Name: 'Alice truck' }], 1);
    expect(cb.objects.list()).toEqual([]);
    expect(ca.file).not.toBe(cb.file);
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.sqlite'))).toHaveLength(2);
    expect(ca.file).toMatch(/fleet-example-com_alice-[0-9a-f]{20}\.sqlite$/);

    cb.close();
    // A list staged and a body spooled beside it when the app stopped: the fleet's data too.
    const leftovers = [`${cb.file}-next`, `${cb.file}.incoming-3-7`];
    for (const f of leftovers) writeFileSync(f, '[]');
    writeFileSync(`${ca.file}.incoming-3-8`, '[]');
    deleteCacheFiles(dataDir, 'https://fleet.example.com', 'bob');
    expect([cb.file, ...leftovers].filter((f) => existsSync(f))).toEqual([]);
    expect(existsSync(`${ca.file}.incoming-3-8`)).toBe(true);
  });

  it('replaceAll drops objects the service no longer returns', () => {
    const c = t.open({ dataDir: t.tempDir() });
    expect(c.objects.isEmpty()).toBe(true);
    c.objects.replaceAll([{ Id: 1, Name: 'a' }, { Id: 2, Name: 'b', Sensors: [{ Id: 5, Name: 's' }] }], 1);
    c.objects.replaceAll([{ Id: 1, Name: 'a2' }], 2);
    expect(c.objects.list()).toEqual([{ Id: 1, Name: 'a2' }]);
    expect(c.objects.sensorsOf(2)).toEqual([]);
    expect(c.objects.count()).toBe(1);
    expect(c.objects.isEmpty()).toBe(false);
    c.objects.replaceAll([], 3);
    expect(c.objects.isEmpty()).toBe(true);
  });

  it('replaces 50,000 objects in one call', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const many: FleetObject[] = Array.from({ length: 50_000 }, (_, i) => ({
      Id: i + 1,
      Name: `Vehicle ${i + 1}`,
      IMEI: String(860000000000000 + i),
      StateNumber: `P${i}`,
      Status: 1,
      Sensors: [{ Id: 1_000_000 + i, Name: 'Ignition' }],
    }));
    c.objects.replaceAll(many, 5);
    expect(c.objects.count()).toBe(50_000);
    expect(c.objects.list()[49_999]?.Name).toBe('Vehicle 50000');
    expect(c.objects.byImei('860000000012345')?.Id).toBe(12_346);
    expect(c.objects.sensorsOf(124)).toEqual([{ Id: 1_000_123, Name: 'Ignition' }]);
  });
});
