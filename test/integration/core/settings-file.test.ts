import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, fileSettings } from '../../../main/core/seams/settings';

describe('settings file', () => {
  it('starts from what the file holds, keeps every set in the file, and reads the file once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-settings-'));
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ statusPollMs: 2500 }));
    const a = fileSettings(dir);
    expect(a.get('statusPollMs')).toBe(2500);
    expect(a.get('eventsPollMs')).toBe(DEFAULT_SETTINGS.eventsPollMs);

    a.set('tileUrl', 'http://127.0.0.1:1/{z}/{x}/{y}.png');
    expect(a.get('tileUrl')).toBe('http://127.0.0.1:1/{z}/{x}/{y}.png');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ statusPollMs: 2500, tileUrl: 'http://127.0.0.1:1/{z}/{x}/{y}.png' });

    // Kept in memory: a hand edit while running applies on the next start, not before.
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ statusPollMs: 9000 }));
    expect(a.get('statusPollMs')).toBe(2500);
    expect(fileSettings(dir).get('statusPollMs')).toBe(9000);
  });

  it('does not write the file again for a value it holds already', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-settings-'));
    const file = join(dir, 'settings.json');
    const a = fileSettings(dir);
    a.set('openProfileIds', ['p1', 'p2']);
    // Each write replaces the file (a new inode), so an unchanged inode means no write.
    const before = statSync(file).ino;
    a.set('openProfileIds', ['p1', 'p2']);
    expect(statSync(file).ino).toBe(before);
    a.set('openProfileIds', ['p2']);
    expect(statSync(file).ino).not.toBe(before);
    expect(JSON.parse(readFileSync(file, 'utf8')).openProfileIds).toEqual(['p2']);
  });
});
