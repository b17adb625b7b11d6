/**
 * How often a worker that keeps dying may be started again. A worker that crashes at
 * start (a bad cache file, a broken build) would otherwise be restarted by every request:
 * a poll every few seconds, tens of tiles at once, each spinning up a thread to die again.
 */
export interface RestartPolicy {
  /** Restarts allowed within `windowMs`; one death more and starting waits. */
  maxRestarts: number;
  windowMs: number;
  now: () => number;
}

export const RESTART_POLICY: RestartPolicy = { maxRestarts: 3, windowMs: 60_000, now: Date.now };

export interface RestartBudget {
  died(): void;
  /** Null when a restart may go ahead now; else the ms until one may (the deaths in the window). */
  waitMs(): number | null;
  /** Deaths within the window. */
  readonly recent: number;
}

export function restartBudget(p: RestartPolicy): RestartBudget {
  let deaths: number[] = [];
  const prune = () => {
    const since = p.now() - p.windowMs;
    deaths = deaths.filter((t) => t > since);
  };
  return {
    died() {
      deaths.push(p.now());
    },
    waitMs() {
      prune();
      if (deaths.length <= p.maxRestarts) return null;
      // Sliding: a restart is allowed once enough deaths have left the window.
      const freeAt = deaths[deaths.length - 1 - p.maxRestarts]! + p.windowMs;
      return Math.max(1, freeAt - p.now());
    },
    get recent() {
      prune();
      return deaths.length;
    },
  };
}
