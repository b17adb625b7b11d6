import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

  it('treats a damaged vault file as empty rather than failing sign-in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'vault.json'), '{not json');
    const v = fileVault(dir);
    expect(await v.get('token:a')).toBeNull();
    await v.set('token:a', 'T');
    expect(await fileVault(dir).get('token:a')).toBe('T');
  });
});
