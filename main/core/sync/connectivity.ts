/**
 * Whether the service answers, from the outcome of real requests: online after a good
 * answer; degraded after a failure that still got an answer (5xx, 429, a body that did
 * not parse) or a first network failure; offline once the network has failed twice in
 * a row. The time of the last good answer is kept per data set, so each view can say
 * how old its data is.
 *
 * A poll whose answers are unusable (server_error: a body that could not be read, or did
 * not fit) stays the connection's problem until that same poll answers well: otherwise
 * the events poll's next good answer said "Online" while every object showed "Never
 * reported" because the status could not be read.
 *
 * It also tells when the service stops answering and the first answer after that, so the
 * connection's pollers can drop their backoff at once (recovery.ts).
 */
import type { ConnectivityState, LinkFailure } from '../../../common/methods/connectivity';
import { isFleetError } from '../../../common/errors';
import { ApiError } from '../api/errors';
import { createLinkJudge } from './link-judge';

export interface ConnectivityTracker {
  ok(dataset: string, at?: number): void;
  fail(dataset: string, error: unknown): void;
  state(): ConnectivityState;
  /**
   * Offline with evidence: the network has failed twice in a row, or the judged link (the
   * header's words) is offline. 'offline' with no error yet only means nothing has answered
   * since the start, so work that would be refused offline is tried then.
   */
  knownOffline(): boolean;
  /** Restores the last-good times remembered in the cache. */
  seed(lastGood: Record<string, number>): void;
  /** A request that belongs to no data set (the probe) got an answer. */
  answered(): void;
  /** The service stopped answering (no answer, a 5xx) and nothing has answered since. */
  failing(): boolean;
  /** Answers keep coming: the judged link is not offline and a request was answered well within its window. */
  answering(): boolean;
  /** Called at the first answer after `failing()` began; returns its removal. */
  onRecovered(listener: () => void): () => void;
  /** An attempt failed and is being tried again (api/http.ts onRetry): evidence for the judged link only. */
  retried(error: unknown): void;
  /**
   * A connection opens: the judgement starts afresh (another service's failures say nothing
   * of this one), and only the returned reports count until it ends or another begins.
   */
  begin(): ConnectionReports;
}

/**
 * One connection's view of the tracker. A closed connection's requests still on the wire end
 * on this side ("The ingest worker was closed", a closed cache) after the next one opened:
 * counted, they made a new service that had not failed once look like a poor link.
 */
export interface ConnectionReports extends ConnectivityTracker {
  end(): void;
}

/**
 * Failures that say the service is not answering, unlike a body this side could not read
 * (asking again at once would fail the same way) or a 429 (it asks for fewer requests).
 */
function notAnswering(error: unknown): boolean {
  if (!isFleetError(error)) return false;
  if (error.code === 'offline' || error.code === 'unknown_outcome') return true;
  const status = (error as { status?: unknown }).status;
  return error.code === 'server_error' && typeof status === 'number' && status >= 500;
}

/** A failure as the connection panel lists it: the request, what came back, the client's words. */
export function describeFailure(dataset: string, error: unknown): { answered: boolean; failure: Omit<LinkFailure, 'at'> } {
  const message = error instanceof Error ? error.message : String(error);
  const endpoint = error instanceof ApiError ? error.endpoint : (/^((?:GET|POST|PUT|PATCH|DELETE) \S+): /.exec(message)?.[1] ?? dataset);
  const code = isFleetError(error) ? error.code : 'server_error';
  const httpStatus = error instanceof ApiError ? error.status : undefined;
  const answered = code !== 'offline' && code !== 'unknown_outcome';
  const status =
    code === 'offline' ? 'no answer'
    : code === 'unknown_outcome' ? 'connection dropped'
    : httpStatus !== undefined ? `HTTP ${httpStatus}`
    : code === 'rate_limited' ? 'HTTP 429'
    : code === 'server_error' ? 'unreadable answer'
    : code;
  return { answered, failure: { endpoint, status, message } };
}

/** The polls that report both outcomes, so a failure of theirs can wait for their own next success. */
const POLLED: ReadonlySet<string> = new Set(['status', 'objects', 'events']);

export function createConnectivity(
  onChange: (s: ConnectivityState) => void,
  now: () => number = Date.now,
  /** Each data set's poll period, passed on to the views (the header's "Positions 40 s old"). */
  pollMs?: () => Record<string, number>,
): ConnectivityTracker {
  let judge = createLinkJudge(now());
  let generation = 0;
  const extras = () => ({ link: judge.judgement(), ...(pollMs ? { pollMs: pollMs() } : {}) });
  let current: ConnectivityState = { state: 'offline', lastGood: {}, lastError: null, ...extras() };
  let networkFailures = 0;
  let down = false;
  const recovered = new Set<() => void>();
  const answer = () => {
    networkFailures = 0;
    if (!down) return;
    down = false;
    for (const l of [...recovered]) l();
  };
  /** Unusable answers of polls not yet followed by a good one, newest last. */
  const unusable = new Map<string, string>();
  const problem = (): string | null => [...unusable.values()].at(-1) ?? null;
  const set = (next: ConnectivityState, always = false) => {
    const changed = always || next.state !== current.state || next.lastError !== current.lastError || next.link?.state !== current.link?.state;
    current = next;
    if (changed) onChange(current);
  };
  const tracker: ConnectivityTracker = {
    ok(dataset, at = now()) {
      unusable.delete(dataset);
      const still = problem();
      judge.record({ ok: true }, at);
      // Always tell the views: the age of their data changed even when the state did not.
      current = { state: still ? 'degraded' : 'online', lastGood: { ...current.lastGood, [dataset]: at }, lastError: still, ...extras() };
      onChange(current);
      answer();
    },
    answered() {
      const still = problem();
      judge.record({ ok: true }, now());
      set({ state: still ? 'degraded' : 'online', lastGood: current.lastGood, lastError: still, ...extras() });
      answer();
    },
    failing: () => down,
    answering() {
      const l = judge.judgement();
      return l.state !== 'offline' && l.total > l.failed;
    },
    onRecovered(listener) {
      recovered.add(listener);
      return () => recovered.delete(listener);
    },
    fail(dataset, error) {
      const offline = isFleetError(error) && error.code === 'offline';
      networkFailures = offline ? networkFailures + 1 : 0;
      if (notAnswering(error)) down = true;
      const message = error instanceof Error ? error.message : String(error);
      const unauthorized = isFleetError(error) && error.code === 'unauthorized';
      // A session that ended is the sign-in's business, not evidence about the link.
      if (!unauthorized) judge.record({ ok: false, ...describeFailure(dataset, error) }, now());
      if (POLLED.has(dataset) && isFleetError(error) && error.code === 'server_error') {
        unusable.delete(dataset);
        unusable.set(dataset, message);
      }
      set({
        state: offline && networkFailures >= 2 ? 'offline' : unauthorized ? current.state : 'degraded',
        lastGood: current.lastGood,
        lastError: message,
        ...extras(),
      }, !unauthorized);
    },
    retried(error) {
      if (isFleetError(error) && error.code === 'unauthorized') return;
      judge.record({ ok: false, ...describeFailure('request', error) }, now());
      set({ ...current, ...extras() }, true);
    },
    state: () => current,
    // The judged link is what the header says: "Offline" there and a report or command treated as online here disagreed.
    knownOffline: () => (current.state === 'offline' && current.lastError !== null) || judge.state() === 'offline',
    seed(lastGood) {
      current = { ...current, lastGood: { ...lastGood, ...current.lastGood } };
    },
    begin() {
      const gen = ++generation;
      judge = createLinkJudge(now());
      networkFailures = 0;
      down = false;
      unusable.clear();
      set({ state: 'offline', lastGood: {}, lastError: null, ...extras() }, true);
      let ended = false;
      const live = () => !ended && gen === generation;
      return {
        ...tracker,
        ok: (dataset, at) => void (live() && tracker.ok(dataset, at)),
        fail: (dataset, error) => void (live() && tracker.fail(dataset, error)),
        answered: () => void (live() && tracker.answered()),
        retried: (error) => void (live() && tracker.retried(error)),
        seed: (lastGood) => void (live() && tracker.seed(lastGood)),
        end: () => {
          ended = true;
        },
      };
    },
  };
  return tracker;
}
