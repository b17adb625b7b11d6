import { describe, expect, it } from 'vitest';
import { sessionMethods } from '../../../common/methods/session';
import { parseServerAddress } from '../../../common/server-address';

/** What a person types or pastes as the server address, and the base URL every request is built on. */
describe('the server address', () => {
  it.each([
    ['https://fleet.example.com', 'https://fleet.example.com', false],
    ['https://fleet.example.com/', 'https://fleet.example.com', false],
    ['https://fleet.example.com/api', 'https://fleet.example.com', false],
    ['https://fleet.example.com/api/', 'https://fleet.example.com', false],
    ['https://fleet.example.com/API//', 'https://fleet.example.com', false],
    ['  https://Fleet.Example.COM:443/api/  ', 'https://fleet.example.com', false],
    ['https://fleet.example.com/gps/api/', 'https://fleet.example.com/gps', false],
    ['https://fleet.example.com/apiary', 'https://fleet.example.com/apiary', false],
    ['fleet.example.com', 'https://fleet.example.com', false],
    ['fleet.example.com:8443', 'https://fleet.example.com:8443', false],
    ['fleet.example.com:8443/api/', 'https://fleet.example.com:8443', false],
    ['localhost:8080', 'https://localhost:8080', false],
    ['10.1.2.3:9000', 'https://10.1.2.3:9000', false],
    ['[::1]:8080/api', 'https://[::1]:8080', false],
    ['http://127.0.0.1:8080/api/', 'http://127.0.0.1:8080', true],
    ['HTTP://fleet.example.com:80/', 'http://fleet.example.com', true],
  ])('%j → %s', (input, baseUrl, insecure) => {
    expect(parseServerAddress(input)).toEqual({ ok: true, baseUrl, insecure });
  });

  it.each([
    ['', 'Enter the server address'],
    ['   ', 'Enter the server address'],
    ['ftp://fleet.example.com', 'must start with https:// or http://'],
    ['javascript:alert(1)', 'is not a web address'],
    ['mailto:ops@example.com', 'is not a web address'],
    ['fleet example com', 'contains spaces'],
    ['fleet.example.com:port', 'is not a web address'],
    ['https://', 'is not a web address'],
    ['https://user:secret@fleet.example.com', 'must not hold a login or password'],
    ['https://fleet.example.com/api/?token=1', 'must not hold "?" or "#"'],
    ['fleet.example.com/#x', 'must not hold "?" or "#"'],
    ['https://fleet.example.com:99999', 'is not a web address'],
  ])('refuses %j with words that say why', (input, words) => {
    const r = parseServerAddress(input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(words);
  });

  it('is what the sign-in contract accepts and refuses', () => {
    const args = sessionMethods['session/signIn'].args;
    expect(args.safeParse({ baseUrl: 'fleet.example.com:8443', login: 'a', password: 'b' }).success).toBe(true);
    const bad = args.safeParse({ baseUrl: 'ftp://fleet.example.com', login: 'a', password: 'b' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('must start with https:// or http://');
  });
});
