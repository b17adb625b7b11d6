/**
 * The soak's fault drill: a seeded schedule of fault phases, the simulator's control path
 * (/__sim/) that applies them, and the write log's tally of acknowledgements per event id.
 */
import type { Faults } from '../../simulator/faults';
import { Rng } from '../../simulator/util/rng';
import { within } from './stats';

export type FaultKind = 'latency' | 'error' | 'reset' | 'malformed' | 'truncate' | 'ratelimit' | 'outage-refuse' | 'outage-reset' | 'mix';

export const FAULT_KINDS: readonly FaultKind[] = ['latency', 'error', 'reset', 'malformed', 'truncate', 'ratelimit', 'outage-refuse', 'outage-reset', 'mix'];

/** The knobs of simulator/faults.ts, all given on every phase so that nothing lingers from the one before. */
export type FaultSettings = Omit<Faults, 'pathPattern'>;

const CALM: FaultSettings = { latencyMs: 0, jitterMs: 0, errorRate: 0, resetRate: 0, truncateRate: 0, malformedRate: 0, rateLimit: null, outage: 'none', outageMs: 0 };

export interface Phase {
  kind: FaultKind | 'calm';
  startMs: number;
  durationMs: number;
  settings: FaultSettings;
}

/** The same seed gives the same schedule, so a soak that failed can be replayed. */
export function seededRandom(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/**
 * Latency and jitter stay well under the HTTP client's 15 s timeout: a request the console
 * gives up on while the service still applies it is a second delivery by design, not a fault
 * of the outbox.
 */
function settingsFor(kind: FaultKind, rnd: () => number, durationMs: number): FaultSettings {
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const rate = () => Math.round(between(0.3, 0.8) * 100) / 100;
  switch (kind) {
    case 'latency':
      return { ...CALM, latencyMs: Math.round(between(200, 1500)), jitterMs: Math.round(between(300, 2000)) };
    case 'error':
      return { ...CALM, errorRate: rate() };
    case 'reset':
      return { ...CALM, resetRate: rate() };
    case 'malformed':
      return { ...CALM, malformedRate: rate() };
    case 'truncate':
      return { ...CALM, truncateRate: rate() };
    case 'ratelimit':
      return { ...CALM, rateLimit: { limit: 1 + Math.floor(rnd() * 3), windowMs: Math.round(between(2000, 5000)), retryAfterS: 1 + Math.floor(rnd() * 3) } };
    // The outage ends by its own timer a second before the phase does (outageMs is always given).
    case 'outage-refuse':
      return { ...CALM, outage: 'refuse', outageMs: durationMs - 1000 };
    case 'outage-reset':
      return { ...CALM, outage: 'reset', outageMs: durationMs - 1000 };
    case 'mix': {
      const r = () => Math.round(between(0.05, 0.25) * 100) / 100;
      return { ...CALM, latencyMs: Math.round(between(50, 600)), jitterMs: Math.round(between(100, 800)), errorRate: r(), resetRate: r(), truncateRate: r(), malformedRate: r(), rateLimit: rnd() < 0.5 ? { limit: 3, windowMs: 3000, retryAfterS: 1 } : null };
    }
  }
}

/**
 * Rounds of every kind in a seeded order, each phase 8–25 s (outages 6–20 s), a calm gap of
 * 2–6 s after about a third of them, until `totalMs` is filled. The last phase is cut at
 * `totalMs`: an outage cut short still ends by its outageMs.
 */
export function faultSchedule(seed: number, totalMs: number): Phase[] {
  const rnd = seededRandom(seed);
  const phases: Phase[] = [];
  let t = 0;
  for (let round = 0; t < totalMs && round < 1000; round++) {
    const order = [...FAULT_KINDS];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const kind of order) {
      if (t >= totalMs) break;
      const outage = kind.startsWith('outage');
      const durationMs = Math.min(totalMs - t, Math.round(outage ? 6000 + rnd() * 14_000 : 8000 + rnd() * 17_000));
      if (durationMs < 2000) {
        t = totalMs;
        break;
      }
      phases.push({ kind, startMs: t, durationMs, settings: settingsFor(kind, rnd, durationMs) });
      t += durationMs;
      if (t < totalMs && rnd() < 0.35) {
        const calm = Math.min(totalMs - t, Math.round(2000 + rnd() * 4000));
        phases.push({ kind: 'calm', startMs: t, durationMs: calm, settings: CALM });
        t += calm;
      }
    }
  }
  return phases;
}

/**
 * The simulator's /__sim/ path. A 'refuse' outage closes the port it is served on until
 * outageMs has passed, so each call is tried again, bounded, until the port answers.
 */
export function simControl(baseUrl: string) {
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, waitMs = 60_000): Promise<T> => {
    const until = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(baseUrl + path, {
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      } catch (e) {
        if (Date.now() > until || attempt > 600) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  return {
    setFaults: (s: FaultSettings) => call<FaultSettings>('POST', '/__sim/faults', s),
    clearFaults: () => call<FaultSettings>('DELETE', '/__sim/faults'),
    writeLog: () => within(30_000, 'reading the write log', call<{ method: string; path: string; body: unknown }[]>('GET', '/__sim/log')),
    /** Requests each fault hit, where the simulator counts them (null where it does not). */
    faultCounts: () => call<Record<string, number>>('GET', '/__sim/faults/counts', undefined, 5000).catch(() => null),
  };
}

/** Of the ids sent, how many the write log has once, more than once, or not at all. */
export function tallyAcks(sent: Iterable<number>, log: { method: string; path: string; body: unknown }[]) {
  const seen = new Map<number, number>();
  let posts = 0;
  for (const e of log) {
    if (e.method !== 'POST' || e.path.toLowerCase() !== '/api/events/ack' || !Array.isArray(e.body)) continue;
    posts++;
    // One POST may carry several queued acknowledgements merged; an id repeated within one body is one delivery.
    for (const id of new Set(e.body as number[])) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  let once = 0;
  let duplicated = 0;
  let missing = 0;
  for (const id of sent) {
    const n = seen.get(id) ?? 0;
    if (n === 1) once++;
    else if (n === 0) missing++;
    else duplicated++;
  }
  return { posts, once, duplicated, missing };
}
