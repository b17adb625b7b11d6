/**
 * Brings a connection back soon after an outage. While the service is not answering
 * (connectivity.failing()), a cheap probe runs every few seconds; at the first answer after
 * that, from the probe or from any request that reports to connectivity, every registered
 * poller forgets its backoff and runs at once. Without it a poller backed off to a minute
 * kept the console offline that long after the service was back.
 */
import { isFleetError } from '../../../common/errors';
import { networkErrorCodes } from '../api/errors';
import type { Http } from '../api/http';
import { reportTypesUnread } from '../api/reports';
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
  /** After a probe whose connection was refused (`REFUSED_PROBE_MS`). */
  refusedProbeMs?: number;
  staggerMs?: number;
  /**
   * Resets at most this often: with a service that fails one request in three, every good
   * answer would otherwise reset every poller and the resets would feed themselves.
   */
  minGapMs?: number;
  now?: () => number;
}

export const PROBE_MS = 2_000;
/**
 * A refused connection says nothing listens where the service runs (a server restarting, a
 * port closed): asking again costs that machine nothing, so the probe asks four times as
 * often and the console is back within half a second of the service.
 */
export const REFUSED_PROBE_MS = 500;
export const STAGGER_MS = 300;
export const RESET_MIN_GAP_MS = 5_000;

/**
 * The probe: the smallest authenticated GET the service offers (a constant catalogue of
 * report types), body unread. A definite refusal (404, 403, a 401 after re-sign-in) is
 * an answer too: the service is back, whatever it thinks of this call.
 */
export async function probeService(http: Http): Promise<void> {
  try {
    await reportTypesUnread(http);
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
  const probeMs = o.probeMs ?? PROBE_MS;
  const refusedMs = o.refusedProbeMs ?? REFUSED_PROBE_MS;
  let timer: NodeJS.Timeout | null = null;
  const next = (ms: number) => {
    if (!stopped) timer = setTimeout(tick, ms);
  };
  // Checking a flag every few seconds costs nothing; the request goes out only while failing.
  const tick = () => {
    if (stopped) return;
    if (!o.connectivity.failing()) return next(probeMs);
    o.probe().then(
      () => {
        if (!stopped) o.connectivity.answered();
        next(probeMs);
      },
      // Still down: the pollers' own failures already say so.
      (e: unknown) => next(networkErrorCodes(e).includes('ECONNREFUSED') ? refusedMs : probeMs),
    );
  };
  next(probeMs);

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
      if (timer) clearTimeout(timer);
      staggered.forEach(clearTimeout);
      if (deferred) clearTimeout(deferred);
    },
  };
}
