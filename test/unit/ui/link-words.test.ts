import { describe, expect, it } from 'vitest';
import type { ConnectivityState, LinkJudgement } from '../../../common/methods/connectivity';
import { linkWords } from '../../../renderer/src/ui/link-words';

const NOW = 1_700_000_000_000;
const link = (state: LinkJudgement['state'], failures: LinkJudgement['failures'] = []): LinkJudgement => ({ state, since: NOW - 30_000, failed: failures.length, total: 20, windowMs: 60_000, failures });
const conn = (l: LinkJudgement, raw: ConnectivityState['state'] = 'online', lastError: string | null = null): ConnectivityState => ({
  state: raw,
  lastGood: { status: NOW - 1000 },
  lastError,
  link: l,
  pollMs: { status: 5000 },
});
const technical = 'GET /api/ObjectsStatus: Internal server error (simulated fault) (HTTP 500)';

describe('the header’s words for the connection', () => {
  it('online with fresh positions is green and says how old they are', () => {
    expect(linkWords(conn(link('online')), NOW - 3000, NOW)).toEqual({ tone: 'online', headline: 'Online', age: 'Positions 3 s old', text: 'Online. Positions 3 s old' });
  });

  it('goes amber when the positions are older than twice their poll period, even though requests succeed', () => {
    expect(linkWords(conn(link('online')), NOW - 10_000, NOW).tone).toBe('online');
    const w = linkWords(conn(link('online')), NOW - 40_000, NOW);
    expect(w.tone).toBe('degraded');
    expect(w.text).toBe('Updates late. Positions 40 s old');
  });

  it('follows the poll period the core reports', () => {
    const slow = { ...conn(link('online')), pollMs: { status: 30_000 } };
    expect(linkWords(slow, NOW - 40_000, NOW).tone).toBe('online');
  });

  it('a poor link is said in plain words, never with the failing request’s technical message', () => {
    const w = linkWords(conn(link('degraded', [{ at: NOW, endpoint: 'GET /api/ObjectsStatus', status: 'HTTP 500', message: technical }]), 'degraded', technical), NOW - 30_000, NOW);
    expect(w.text).toBe('Poor connection: retrying. Positions 30 s old');
    expect(w.tone).toBe('degraded');
  });

  it('the judged state wins over the last request’s: one failure on a good link stays green', () => {
    expect(linkWords(conn(link('online'), 'degraded', technical), NOW - 2000, NOW).tone).toBe('online');
  });

  it('offline says so with the age; before any answer it is connecting', () => {
    expect(linkWords(conn(link('offline'), 'offline', 'connection refused'), NOW - 125_000, NOW).text).toBe('Offline. Positions 2 min old');
    expect(linkWords({ state: 'offline', lastGood: {}, lastError: null }, null, NOW).headline).toBe('Connecting…');
    expect(linkWords(null, null, NOW).headline).toBe('Connecting…');
  });
});
