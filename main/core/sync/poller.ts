/**
 * A periodic task that never overlaps itself, backs off while the service fails
 * (doubling up to a cap) and returns to its normal period at the first good answer.
 */
export interface Poller {
  start(): void;
  stop(): void;
  /** Runs now (e.g. at sign-in) and restarts the period from here. */
  kick(): Promise<void>;
  /** The next run within `delayMs` at the latest (never later than already due); the period then continues from it. */
  soon(delayMs: number): void;
  /**
   * Forgets the backoff and runs now (the service answers again, recovery.ts). A run in
   * flight is not doubled: it schedules the next one from its own outcome.
   */
  reset(): void;
  /** The period changed (settings/set): the waiting run moves to the last run's end plus the new period. */
  retime(): void;
  readonly running: boolean;
}

export interface PollerOptions {
  intervalMs: () => number;
  run: () => Promise<void>;
  maxBackoffMs?: number;
  /**
   * Whether failures should lengthen the wait now. False while other answers keep coming
   * (a poor link, not an outage): a poll that failed then is tried again one period later,
   * since nothing resets it the way the first answer after an outage does (recovery.ts).
   */
  backOff?: () => boolean;
  onError?: (e: unknown) => void;
}

export function createPoller(opts: PollerOptions): Poller {
  let timer: NodeJS.Timeout | null = null;
  let active = false;
  let inFlight: Promise<void> | null = null;
  let failures = 0;
  let dueAt = 0;
  let scheduledAt = 0;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;

  const wait = () => {
    const base = opts.intervalMs();
    return failures === 0 || opts.backOff?.() === false ? base : Math.min(maxBackoff, base * 2 ** Math.min(failures, 6));
  };

  const schedule = () => {
    if (!active) return;
    const delay = wait();
    scheduledAt = Date.now();
    dueAt = scheduledAt + delay;
    timer = setTimeout(() => void tick(), delay);
  };

  const tick = async (): Promise<void> => {
    if (inFlight) return inFlight;
    if (timer) clearTimeout(timer);
    timer = null;
    inFlight = (async () => {
      try {
        await opts.run();
        failures = 0;
      } catch (e) {
        failures++;
        opts.onError?.(e);
      } finally {
        inFlight = null;
        schedule();
      }
    })();
    return inFlight;
  };

  return {
    start() {
      if (active) return;
      active = true;
      void tick();
    },
    stop() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    kick: () => tick(),
    soon(delayMs) {
      // In flight: it schedules the next run itself when it ends, from intervalMs() then.
      if (!active || inFlight || !timer || dueAt <= Date.now() + delayMs) return;
      clearTimeout(timer);
      dueAt = Date.now() + delayMs;
      timer = setTimeout(() => void tick(), delayMs);
    },
    reset() {
      failures = 0;
      if (active && !inFlight) void tick();
    },
    retime() {
      // In flight: it schedules the next run from the new period when it ends.
      if (!active || inFlight || !timer) return;
      clearTimeout(timer);
      dueAt = scheduledAt + wait();
      timer = setTimeout(() => void tick(), Math.max(0, dueAt - Date.now()));
    },
    get running() {
      return active;
    },
  };
}
