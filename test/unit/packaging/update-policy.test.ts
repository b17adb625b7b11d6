/** When the packaged app asks an update feed (main/electron/update-policy.ts): never unless switched on. */
import { describe, expect, it } from 'vitest';
import { updateDecision } from '../../../main/electron/update-policy';

describe('update checks', () => {
  it('are off by default, even in a packaged build', () => {
    expect(updateDecision({ env: {}, isPackaged: true })).toMatchObject({ check: false, reason: expect.stringMatching(/FLEET_UPDATES=1/) });
    expect(updateDecision({ env: { FLEET_UPDATES: '0' }, isPackaged: true }).check).toBe(false);
    expect(updateDecision({ env: { FLEET_UPDATES: 'no', FLEET_UPDATE_URL: 'https://updates.example.com/' }, isPackaged: true }).check).toBe(false);
  });

  it('are off in a development run, switched on or not', () => {
    expect(updateDecision({ env: { FLEET_UPDATES: '1' }, isPackaged: false })).toEqual({ check: false, reason: 'not a packaged build' });
  });

  it('use the feed built into the package, or the one FLEET_UPDATE_URL names', () => {
    expect(updateDecision({ env: { FLEET_UPDATES: 'on' }, isPackaged: true })).toEqual({ check: true, feedUrl: null });
    expect(updateDecision({ env: { FLEET_UPDATES: 'TRUE', FLEET_UPDATE_URL: ' https://updates.example.com/fleet ' }, isPackaged: true })).toEqual({
      check: true,
      feedUrl: 'https://updates.example.com/fleet',
    });
    expect(updateDecision({ env: { FLEET_UPDATES: '1', FLEET_UPDATE_URL: 'http://127.0.0.1:8080/feed/' }, isPackaged: true })).toEqual({
      check: true,
      feedUrl: 'http://127.0.0.1:8080/feed/',
    });
  });

  it('refuse a feed that is not an address, or plain http to another computer', () => {
    expect(updateDecision({ env: { FLEET_UPDATES: '1', FLEET_UPDATE_URL: 'updates here' }, isPackaged: true })).toEqual({
      check: false,
      reason: 'FLEET_UPDATE_URL is not an address: updates here',
    });
    expect(updateDecision({ env: { FLEET_UPDATES: '1', FLEET_UPDATE_URL: 'http://updates.example.com/' }, isPackaged: true })).toEqual({
      check: false,
      reason: 'FLEET_UPDATE_URL must be https: http://updates.example.com/',
    });
  });
});
