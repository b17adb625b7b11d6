/**
 * The connection as a person is told it, judged over the last minute of requests rather than
 * on the last one: on a link that fails one request in three, judging each outcome alone made
 * the header flip nine times in two minutes. Pure (outcomes and the clock go in, a judgement
 * comes out), so the rules are tested without a network.
 *
 * - degraded ("poor connection") once at least POOR_AT of the window's requests failed, and
 *   back to online only below GOOD_BELOW: the gap between the two is the hysteresis;
 * - offline once nothing has answered for a while (NO_ANSWER_STREAK requests in a row, or two
 *   and OFFLINE_SILENCE_MS without an answer); the first answer after that ends it at once, and
 *   the link is judged as before the outage, without the outage's unanswered requests: a poor
 *   link stays poor across it rather than showing "Online" for the seconds it takes to fail again.
 */
import type { Connectivity, LinkFailure, LinkJudgement } from '../../../common/methods/connectivity';

export const WINDOW_MS = 60_000;
export const POOR_AT = 0.25;
export const GOOD_BELOW = 0.1;
/** Fewer outcomes than this say nothing about a rate (one failure of two is not a poor link). */
export const MIN_SAMPLES = 6;
export const NO_ANSWER_STREAK = 3;
export const OFFLINE_SILENCE_MS = 10_000;
/** Failures kept for the connection panel, newest first. */
export const FAILURES_KEPT = 20;

/** One request's outcome: answered well, answered badly, or not answered at all. */
export type Outcome = { ok: true } | { ok: false; answered: boolean; failure: Omit<LinkFailure, 'at'> };

export interface LinkJudge {
  record(outcome: Outcome, at: number): LinkJudgement;
  judgement(): LinkJudgement;
  /** The judgement's state alone, without counting the window (asked before every lookup). */
  state(): Connectivity;
}

export function createLinkJudge(start = 0): LinkJudge {
  let samples: { at: number; ok: boolean; answered: boolean }[] = [];
  /** The state before the current offline spell, and when that spell began. */
  let before: Connectivity = 'online';
  let offlineSince = 0;
  let streakStart = 0;
  let failures: LinkFailure[] = [];
  let state: Connectivity = 'online';
  let since = start;
  let streak = 0;
  let lastAnswer = start;
  let seen = false;

  const judgement = (): LinkJudgement => ({
    state,
    since,
    failed: samples.filter((s) => !s.ok).length,
    total: samples.length,
    windowMs: WINDOW_MS,
    failures,
  });

  const next = (at: number, answered: boolean): Connectivity => {
    if (!answered && (state === 'offline' || streak >= NO_ANSWER_STREAK || (streak >= 2 && at - lastAnswer >= OFFLINE_SILENCE_MS))) return 'offline';
    let from = state;
    if (answered && state === 'offline') {
      // The outage is over; what it cost is not the link's quality once the service answers.
      samples = samples.filter((s) => s.at < offlineSince || s.answered);
      from = before;
    }
    const failed = samples.filter((s) => !s.ok).length;
    const rate = samples.length >= MIN_SAMPLES ? failed / samples.length : 0;
    if (from === 'online') return rate >= POOR_AT ? 'degraded' : 'online';
    return failed === 0 || (samples.length >= MIN_SAMPLES && rate < GOOD_BELOW) ? 'online' : 'degraded';
  };

  return {
    record(o, at) {
      samples = samples.filter((s) => at - s.at < WINDOW_MS);
      samples.push({ at, ok: o.ok, answered: o.ok || o.answered });
      const answered = o.ok || o.answered;
      if (answered) {
        streak = 0;
        lastAnswer = at;
      } else {
        if (streak === 0) streakStart = at;
        streak++;
      }
      if (!seen) {
        // The first outcome starts the clock: silence before it was no request at all.
        seen = true;
        if (!answered) lastAnswer = at;
      }
      if (!o.ok) failures = [{ at, ...o.failure }, ...failures].slice(0, FAILURES_KEPT);
      const s = next(at, answered);
      if (s !== state) {
        if (s === 'offline') {
          before = state;
          offlineSince = streakStart;
        }
        state = s;
        since = at;
      }
      return judgement();
    },
    judgement,
    state: () => state,
  };
}
