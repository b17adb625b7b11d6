import { describe, expect, it } from 'vitest';
import { externalUrl, isAppUrl } from '../../main/core/security/app-url';

describe('Electron navigation allowlist', () => {
  it.each(['fleet://app/', 'fleet://app/index.html#/history'])('allows the app page %s', (u) => {
    expect(isAppUrl(u)).toBe(true);
  });
  it.each([
    'https://example.com/',
    'fleet://app.evil/',
    'fleet://app@evil/',
    'fleet://user:pw@app/',
    'fleet://evil/app',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('refuses %j', (u) => {
    expect(isAppUrl(u)).toBe(false);
  });
  it('lets only https links out to the system browser', () => {
    expect(externalUrl('https://www.openstreetmap.org/copyright')).toBe('https://www.openstreetmap.org/copyright');
    for (const u of ['http://example.com/', 'file:///tmp/x', 'javascript:alert(1)', 'smb://host/share', 'garbage']) expect(externalUrl(u)).toBeNull();
  });
});
