/**
 * Fault drills for tests: latency, random 500s, connection resets, truncated or malformed
 * bodies, a rate limit (429 + Retry-After) and outages. Randomness is seeded, so a drill
 * replays the same way for the same seed and request order.
 */
import { Rng } from './util/rng';

export interface Faults {
  latencyMs: number;
  jitterMs: number;
  /** Probability of a 500 {"Message"} instead of the real answer (the write is not applied). */
  errorRate: number;
  /** Probability the connection is reset before any answer (the write is not applied). */
  resetRate: number;
  /** Probability the body is cut short and the connection closed (the write IS applied). */
  truncateRate: number;
  /** Probability the body is replaced by invalid JSON with status 200 (the write IS applied). */
  malformedRate: number;
  /** At most `limit` /api/ requests per `windowMs`; beyond that 429 with Retry-After. */
  rateLimit: { limit: number; windowMs: number; retryAfterS: number } | null;
  /** 'refuse': the port stops listening; 'reset': every /api/ connection is reset. */
  outage: 'none' | 'refuse' | 'reset';
  /** With outage set over HTTP: recover by itself after this many ms (0 = stay down). */
  outageMs: number;
  /** Regular expression on the request path; faults apply only where it matches ('' = all /api/). */
  pathPattern: string;
}

export const NO_FAULTS: Faults = {
  latencyMs: 0, jitterMs: 0, errorRate: 0, resetRate: 0, truncateRate: 0, malformedRate: 0,
  rateLimit: null, outage: 'none', outageMs: 0, pathPattern: '',
};

export type FaultAction = 'none' | 'error' | 'reset' | 'truncate' | 'malformed' | 'ratelimit';

/** Requests each fault was applied to since start; 'outageReset': reset by a 'reset' outage. Refused connections never reach the service. */
export type FaultCounts = Record<Exclude<FaultAction, 'none'> | 'latency' | 'outageReset', number>;

export class FaultState {
  current: Faults = { ...NO_FAULTS };
  private rng: Rng;
  private window: { start: number; count: number } = { start: 0, count: 0 };
  private re: RegExp | null = null;
  /** Kept across set() and clear(): a soak reads how many requests each fault hit. */
  readonly injected: FaultCounts = { latency: 0, error: 0, reset: 0, truncate: 0, malformed: 0, ratelimit: 0, outageReset: 0 };

  constructor(private seed: number, private now: () => number) {
    this.rng = new Rng(seed ^ 0x5eed);
  }

  set(patch: Partial<Faults>): Faults {
    this.current = { ...this.current, ...patch };
    this.re = this.current.pathPattern ? new RegExp(this.current.pathPattern) : null;
    this.window = { start: 0, count: 0 };
    return this.current;
  }

  clear(): Faults {
    this.rng = new Rng(this.seed ^ 0x5eed);
    return this.set({ ...NO_FAULTS });
  }

  applies(path: string): boolean {
    return this.re ? this.re.test(path) : true;
  }

  delayMs(): number {
    const f = this.current;
    const ms = f.latencyMs + (f.jitterMs > 0 ? this.rng.next() * f.jitterMs : 0);
    if (ms > 0) this.injected.latency++;
    return ms;
  }

  /** What to do with this request (decided before it runs). */
  decide(): FaultAction {
    const action = this.pick();
    if (action !== 'none') this.injected[action]++;
    return action;
  }

  private pick(): FaultAction {
    const f = this.current;
    if (f.rateLimit) {
      const now = this.now();
      if (now - this.window.start >= f.rateLimit.windowMs) this.window = { start: now, count: 0 };
      this.window.count++;
      if (this.window.count > f.rateLimit.limit) return 'ratelimit';
    }
    const u = this.rng.next();
    let acc = f.resetRate;
    if (u < acc) return 'reset';
    acc += f.errorRate;
    if (u < acc) return 'error';
    acc += f.truncateRate;
    if (u < acc) return 'truncate';
    acc += f.malformedRate;
    if (u < acc) return 'malformed';
    return 'none';
  }
}
