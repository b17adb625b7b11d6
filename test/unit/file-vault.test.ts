import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNotices } from '../../main/core/seams/notices';
import { fileVault } from '../../main/host/file-vault';

describe('browser-mode file vault', () => {
  it('keeps secrets in a file only its owner can read, across instances', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    const v = fileVault(dir);
    await Promise.all([v.set('token:a', 'T1'), v.set('password:a', 'P1'), v.set('token:b', 'T2')]);
    expect(statSync(join(dir, 'vault.json')).mode & 0o777).toBe(0o600);
    const again = fileVault(dir);
    expect(await again.get('token:a')).toBe('T1');
    expect(await again.get('token:b')).toBe('T2');
    await again.delete('password:a');
    expect(await fileVault(dir).get('password:a')).toBeNull();
    expect(await fileVault(dir).get('token:a')).toBe('T1');
  });

  it('keeps a damaged vault file aside, says so, and starts a new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    writeFileSync(join(dir, 'vault.json'), '{not json');
    const notices = createNotices();
    const v = fileVault(dir, { notices });
    expect(await v.get('token:a')).toBeNull();
    await v.set('token:a', 'T');
    expect(await fileVault(dir).get('token:a')).toBe('T');
    const [n] = notices.list();
    expect(n).toMatchObject({ kind: 'vault_damaged' });
    expect(n!.keptCopy).toMatch(/vault\.json\.damaged-/);
    expect(readFileSync(n!.keptCopy!, 'utf8')).toBe('{not json');
    expect(notices.list()).toHaveLength(1);
  });

  it('keeps every readable entry and the unreadable one when another key is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    const file = join(dir, 'vault.json');
    writeFileSync(file, JSON.stringify({ 'token:a': 'T1', 'password:a': { broken: true }, 'token:b': 'T2' }));
    const notices = createNotices();
    const v = fileVault(dir, { notices });
    expect(await v.get('password:a')).toBeNull();
    expect(notices.list()).toHaveLength(1);
    expect(notices.list()[0]!.message).toMatch(/"password"/);
    await v.set('token:c', 'T3');
    const after = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(after).toEqual({ 'token:a': 'T1', 'password:a': { broken: true }, 'token:b': 'T2', 'token:c': 'T3' });
    expect(readdirSync(dir).filter((f) => f.includes('.damaged-'))).toHaveLength(1);
  });

  it('refuses to write over a vault it cannot read, rather than taking it for empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    mkdirSync(join(dir, 'vault.json')); // EISDIR on read
    const v = fileVault(dir);
    await expect(v.set('token:a', 'T')).rejects.toThrow(/EISDIR/);
  });

  it('narrows an old 0644 vault to 0600 and its folder to 0700', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'vault.json'), JSON.stringify({ k: 'v' }), { mode: 0o644 });
    chmodSync(join(dir, 'vault.json'), 0o644);
    expect(await fileVault(dir).get('k')).toBe('v');
    expect(statSync(join(dir, 'vault.json')).mode & 0o777).toBe(0o600);
    await fileVault(dir).set('k2', 'v2');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('removes the temp file a killed writer left, and keeps one of a live process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    writeFileSync(join(dir, 'vault.json'), JSON.stringify({ k: 'v' }));
    const dead = 'vault.json.2147483646.0badf00d.tmp'; // beyond any pid_max: no such process
    const live = `vault.json.${process.ppid}.0badf00d.tmp`;
    writeFileSync(join(dir, dead), '{"half":');
    writeFileSync(join(dir, live), '{"half":');
    expect(await fileVault(dir).get('k')).toBe('v');
    expect(readdirSync(dir).sort()).toEqual([live, 'vault.json'].sort());
  });
});
