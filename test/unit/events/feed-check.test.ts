import { describe, expect, it } from 'vitest';
import type { ConnectivityState, LinkJudgement } from '../../../common/methods/connectivity';
import { CHECKS_FAILING_AFTER_MS, feedCheck } from '../../../renderer/src/events/feed-check';

const NOW = 1_700_000_000_000;
const conn = (c: Partial<ConnectivityState>): ConnectivityState => ({ state: 'online', lastGood: {}, lastError: null, ...c });
const judged = (l: Partial<LinkJudgement>): LinkJudgement => ({ state: 'online', since: NOW - 60_000, failed: 0, total: 20, windowMs: 60_000, failures: [], ...l });

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
  describe('reads the judged link, as the header does (issue 30)', () => {
    it('two dropped requests in a row on a poor link (raw state offline) do not make a fresh feed "failing"', () => {
      const c = conn({ state: 'offline', lastError: 'GET /api/Events: connection reset', lastGood: { events: NOW - 2_000 }, link: judged({ state: 'degraded', failed: 7 }) });
      expect(feedCheck(c, null, NOW).failing).toBeNull();
    });
    it('judged offline: failing at once, even when the raw state already saw an answer', () => {
      const c = conn({ state: 'online', lastError: null, lastGood: { events: NOW - 4_000 }, link: judged({ state: 'offline', failed: 3 }) });
      expect(feedCheck(c, null, NOW).failing).toBe('Checks are failing: last success 4 s ago');
    });
    it('an events check stopped for minutes while other requests answer is "failing", though the last request cleared the raw error', () => {
      const c = conn({ state: 'online', lastError: null, lastGood: { events: NOW - 180_000, status: NOW - 1_000 }, link: judged({ state: 'degraded', failed: 12 }) });
      expect(feedCheck(c, null, NOW).failing).toBe('Checks are failing: last success 3 min ago');
    });
    it('a judged link with no failures in its window warns of nothing', () => {
      const c = conn({ state: 'degraded', lastError: 'an old one', lastGood: { events: NOW - 600_000 }, link: judged({}) });
      expect(feedCheck(c, null, NOW).failing).toBeNull();
    });
  });
});
