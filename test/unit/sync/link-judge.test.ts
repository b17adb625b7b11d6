import { describe, expect, it } from 'vitest';
import { createLinkJudge, type Outcome } from '../../../main/core/sync/link-judge';

const ok: Outcome = { ok: true };
const http500: Outcome = { ok: false, answered: true, failure: { endpoint: 'GET /api/ObjectsStatus', status: 'HTTP 500', message: 'Internal server error' } };
const noAnswer: Outcome = { ok: false, answered: false, failure: { endpoint: 'GET /api/ObjectsStatus', status: 'no answer', message: 'connection refused' } };

/** Feeds outcomes one per `stepMs` and returns each judged state. */
function run(outcomes: Outcome[], stepMs = 2000) {
  const judge = createLinkJudge(0);
  return outcomes.map((o, i) => judge.record(o, (i + 1) * stepMs).state);
}

const changes = (states: string[]) => states.filter((s, i) => i > 0 && s !== states[i - 1]).length;

describe('the link judged over a window', () => {
  it('one failure among good answers does not turn the header amber', () => {
    const states = run([ok, ok, ok, ok, ok, http500, ok, ok, ok, ok, ok, ok]);
    expect(new Set(states)).toEqual(new Set(['online']));
  });

  it('a link failing about one request in three is poor and stays poor, not flipping on each outcome', () => {
    // The pattern repeats: fail, ok, ok — 33% failures.
    const pattern = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? (i % 6 === 0 ? noAnswer : http500) : ok));
    const states = run(pattern);
    const settled = states.slice(6);
    expect(new Set(settled)).toEqual(new Set(['degraded']));
    expect(changes(states)).toBeLessThanOrEqual(1);
  });

  it('goes back to online only when the failure rate of the last minute falls well below where poor began', () => {
    const judge = createLinkJudge(0);
    let t = 0;
    const at = (o: Outcome) => judge.record(o, (t += 2000)).state;
    for (let i = 0; i < 12; i++) at(i % 2 === 0 ? http500 : ok);
    expect(judge.judgement().state).toBe('degraded');
    // Good answers while the failures are still in the window: the rate falls but stays above GOOD_BELOW.
    for (let i = 0; i < 10; i++) expect(at(ok)).toBe('degraded');
    // Once enough good answers push the rate under 10%, it says online.
    let s = 'degraded';
    for (let i = 0; i < 40 && s === 'degraded'; i++) s = at(ok);
    expect(s).toBe('online');
    expect(judge.judgement().failed / judge.judgement().total).toBeLessThan(0.1);
  });

  it('one unanswered request is not offline; three in a row are', () => {
    expect(new Set(run([ok, ok, ok, ok, ok, noAnswer, ok]))).toEqual(new Set(['online']));
    expect(run([ok, ok, noAnswer, noAnswer, noAnswer]).at(-1)).toBe('offline');
  });

  it('two unanswered requests ten seconds after the last answer are offline', () => {
    const judge = createLinkJudge(0);
    judge.record(ok, 1000);
    expect(judge.record(noAnswer, 3000).state).not.toBe('offline');
    expect(judge.record(noAnswer, 12_000).state).toBe('offline');
  });

  it('the first answer after an outage ends it at once and judges the link afresh', () => {
    const judge = createLinkJudge(0);
    let t = 0;
    for (let i = 0; i < 10; i++) judge.record(ok, (t += 2000));
    for (let i = 0; i < 8; i++) judge.record(noAnswer, (t += 2000));
    expect(judge.judgement().state).toBe('offline');
    const back = judge.record(ok, (t += 2000));
    expect(back.state).toBe('online');
    expect(back.since).toBe(t);
    // The outage's failures are not held against the link after it…
    expect(back.failed).toBe(0);
    // …but the panel still lists them, newest first.
    expect(back.failures.length).toBe(8);
    expect(back.failures[0]!.at).toBeGreaterThan(back.failures[7]!.at);
  });

  it('a poor link stays poor across an outage instead of showing Online when the service answers again', () => {
    const judge = createLinkJudge(0);
    let t = 0;
    for (let i = 0; i < 12; i++) judge.record(i % 2 === 0 ? http500 : ok, (t += 1000));
    expect(judge.judgement().state).toBe('degraded');
    for (let i = 0; i < 5; i++) judge.record(noAnswer, (t += 1000));
    expect(judge.judgement().state).toBe('offline');
    expect(judge.record(ok, (t += 1000)).state).toBe('degraded');
    // Only the answered failures from before the outage count, not its unanswered requests.
    expect(judge.judgement().failed).toBe(6);
  });

  it('failures leave the window after a minute', () => {
    const judge = createLinkJudge(0);
    for (let i = 0; i < 8; i++) judge.record(i % 2 ? ok : http500, i * 1000);
    expect(judge.judgement().failed).toBe(4);
    const later = judge.record(ok, 70_000);
    expect(later.failed).toBe(0);
    expect(later.total).toBe(1);
    expect(later.state).toBe('online');
  });

  it('keeps at most twenty failures for the panel', () => {
    const judge = createLinkJudge(0);
    for (let i = 0; i < 50; i++) judge.record(http500, i * 100);
    expect(judge.judgement().failures).toHaveLength(20);
  });
});
