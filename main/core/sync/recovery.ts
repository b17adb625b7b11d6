/**
 * Brings a connection back soon after an outage. While the service is not answering
 * (connectivity.failing()), a cheap probe runs every few seconds; at the first answer after
 * that, from the probe or from any request that reports to connectivity, every registered
 * poller forgets its backoff and runs at once. Without it a poller backed off to a minute
 * kept the console offline that long after the service was back.
 */
import { isFleetError } from '../../../common/errors';
import type { Http } from '../api/http';
import type { ConnectivityTracker } from './connectivity';

export interface Recovery {
  /**
   * Runs `now` at every recovery, lower ranks first, each `staggerMs` after the one before,
   * so the service is not hit by every poll in the same instant. Returns its removal.
   */
  add(rank: number, now: () => void): () => void;
  stop(): void;
}

export interface RecoveryOptions {
  connectivity: ConnectivityTracker;
  /** One small request; resolves when the service answered. */
  probe: () => Promise<void>;
  probeMs?: number;
  staggerMs?: number;
  /**
   * Resets at most this often: with a service that fails one request in three, every good
   * answer would otherwise reset every poller and the resets would feed themselves.
   */
  minGapMs?: number;
  now?: () => number;
}

export const PROBE_MS = 2_000;
export const STAGGER_MS = 300;
export const RESET_MIN_GAP_MS = 5_000;

/**
 * The probe: the smallest authenticated GET the service offers (a constant catalogue of
 * report types), body unread. A definite refusal (404, 403, a 401 after re-sign-in) is
 * an answer too: the service is back, whatever it thinks of this call.
 */
export async function probeService(http: Http): Promise<void> {
  const endpoint = 'GET /api/ReportTemplates/GetReportTypes';
  try {
    await http.request({ method: 'GET', path: '/api/ReportTemplates/GetReportTypes', endpoint, responseType: 'text', parse: () => undefined });
  } catch (e) {
    if (!isFleetError(e) || ['offline', 'server_error', 'rate_limited', 'unknown_outcome'].includes(e.code)) throw e;
  }
}

export function createRecovery(o: RecoveryOptions): Recovery {
  const now = o.now ?? Date.now;
  const staggerMs = o.staggerMs ?? STAGGER_MS;
  const minGapMs = o.minGapMs ?? RESET_MIN_GAP_MS;
  const targets: { rank: number; now: () => void }[] = [];
  let staggered: NodeJS.Timeout[] = [];
  let deferred: NodeJS.Timeout | null = null;
  let lastReset = -Infinity;
  let probing = false;
  let stopped = false;

  const resetAll = () => {
    if (stopped) return;
    lastReset = now();
    staggered.forEach(clearTimeout);
    staggered = [];
    [...targets]
      .sort((a, b) => a.rank - b.rank)
      .forEach((t, i) => {
        if (i === 0) t.now();
        else staggered.push(setTimeout(t.now, i * staggerMs));
      });
  };

  const recovered = () => {
    const wait = lastReset + minGapMs - now();
    if (wait <= 0) return resetAll();
    deferred ??= setTimeout(() => {
      deferred = null;
      resetAll();
    }, wait);
  };

  const off = o.connectivity.onRecovered(recovered);
  // Checking a flag every few seconds costs nothing; the request goes out only while failing.
  const timer = setInterval(() => {
    if (probing || stopped || !o.connectivity.failing()) return;
    probing = true;
    o.probe()
      .then(
        () => {
          if (!stopped) o.connectivity.answered();
        },
        // Still down: the pollers' own failures already say so.
        () => {},
      )
      .finally(() => {
        probing = false;
      });
  }, o.probeMs ?? PROBE_MS);

  return {
    add(rank, run) {
      const t = { rank, now: run };
      targets.push(t);
      return () => {
        const i = targets.indexOf(t);
        if (i >= 0) targets.splice(i, 1);
      };
    },
    stop() {
      stopped = true;
      off();
      clearInterval(timer);
      staggered.forEach(clearTimeout);
      if (deferred) clearTimeout(deferred);
    },
  };
}
