import { describe, expect, it } from 'vitest';
import { crossesNetworkUnencrypted } from '../../../renderer/src/screens/plain-http';

describe('sign-in: plain http to another machine is warned about', () => {
  it.each([
    ['http://fleet.example.com', true],
    ['HTTP://Fleet.Example.com:8080/api', true],
    ['  http://192.0.2.10 ', true],
    ['http://[2001:db8::1]:8082', true],
    ['http://127.0.0.1:8082', false],
    ['http://127.10.0.3', false],
    ['http://localhost:3000', false],
    ['http://app.localhost', false],
    ['http://[::1]:8082', false],
    ['https://fleet.example.com', false],
    ['fleet.example.com', false], // no scheme: the sign-in takes it as https
    ['http://', false],
    ['', false],
  ])('%s → %s', (input, warned) => {
    expect(crossesNetworkUnencrypted(input)).toBe(warned);
  });
});
