import { describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { CHECKS_FAILING_AFTER_MS, feedCheck } from '../../../renderer/src/events/feed-check';

const NOW = 1_700_000_000_000;
const conn = (c: Partial<ConnectivityState>): ConnectivityState => ({ state: 'online', lastGood: {}, lastError: null, ...c });

describe('feedCheck', () => {
  it('counts from the last successful poll, not from the last change of the events', () => {
    const r = feedCheck(conn({ lastGood: { events: NOW - 3_000 } }), NOW - 51_000, NOW);
    expect(r).toEqual({ checked: 'checked 3 s ago', failing: null });
  });
  it('falls back to the events time before the first poll is known, and says so when there is none', () => {
    expect(feedCheck(null, NOW - 8_000, NOW).checked).toBe('checked 8 s ago');
    expect(feedCheck(null, null, NOW)).toEqual({ checked: null, failing: null });
  });
  it('warns at once when the service is offline with an error', () => {
    const r = feedCheck(conn({ state: 'offline', lastError: 'Cannot reach', lastGood: { events: NOW - 2_000 } }), null, NOW);
    expect(r.failing).toBe('Checks are failing: last success 2 s ago');
  });
  it('another data set in trouble does not make a fresh feed "failing"; an events check that stopped does', () => {
    const fresh = conn({ state: 'degraded', lastError: '500', lastGood: { events: NOW - 5_000 } });
    expect(feedCheck(fresh, null, NOW).failing).toBeNull();
    const old = conn({ state: 'degraded', lastError: '500', lastGood: { events: NOW - CHECKS_FAILING_AFTER_MS - 120_000 } });
    expect(feedCheck(old, null, NOW).failing).toBe('Checks are failing: last success 2 min ago');
  });
  it('no warning without an error, however old the check', () => {
    expect(feedCheck(conn({ lastGood: { events: NOW - 600_000 } }), null, NOW).failing).toBeNull();
  });
});
