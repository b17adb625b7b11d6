/**
 * Whether the service answers, from the outcome of real requests: online after a good
 * answer; degraded after a failure that still got an answer (5xx, 429, a body that did
 * not parse) or a first network failure; offline once the network has failed twice in
 * a row. The time of the last good answer is kept per data set, so each view can say
 * how old its data is.
 */
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { isFleetError } from '../../../common/errors';

export interface ConnectivityTracker {
  ok(dataset: string, at?: number): void;
  fail(dataset: string, error: unknown): void;
  state(): ConnectivityState;
  /**
   * Offline with evidence: the network has failed. 'offline' with no error yet only means
   * nothing has answered since the start, so work that would be refused offline is tried then.
   */
  knownOffline(): boolean;
  /** Restores the last-good times remembered in the cache. */
  seed(lastGood: Record<string, number>): void;
}

export function createConnectivity(onChange: (s: ConnectivityState) => void, now: () => number = Date.now): ConnectivityTracker {
  let current: ConnectivityState = { state: 'offline', lastGood: {}, lastError: null };
  let networkFailures = 0;
  const set = (next: ConnectivityState) => {
    const changed = next.state !== current.state || next.lastError !== current.lastError;
    current = next;
    if (changed) onChange(current);
  };
  return {
    ok(dataset, at = now()) {
      networkFailures = 0;
      // Always tell the views: the age of their data changed even when the state did not.
      current = { state: 'online', lastGood: { ...current.lastGood, [dataset]: at }, lastError: null };
      onChange(current);
    },
    fail(_dataset, error) {
      const offline = isFleetError(error) && error.code === 'offline';
      networkFailures = offline ? networkFailures + 1 : 0;
      const message = error instanceof Error ? error.message : String(error);
      const unauthorized = isFleetError(error) && error.code === 'unauthorized';
      set({
        state: offline && networkFailures >= 2 ? 'offline' : unauthorized ? current.state : 'degraded',
        lastGood: current.lastGood,
        lastError: message,
      });
    },
    state: () => current,
    knownOffline: () => current.state === 'offline' && current.lastError !== null,
    seed(lastGood) {
      current = { ...current, lastGood: { ...lastGood, ...current.lastGood } };
    },
  };
}
