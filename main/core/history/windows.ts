/**
 * Which windows to ask the service for. Pure: no I/O, so the rules are unit-tested alone.
 *
 * - A window is never longer than `maxMs`: 30 days by default (the spec says "one month"
 *   without saying how long a month is; 30 days is accepted by every reading of it). A 400
 *   that names the length halves `maxMs` for the rest of the session.
 * - Within that, a window is sized so its body stays near `targetBytes`: the body arrives as
 *   one buffer on the main thread, and its final copy must stay well inside the 10 ms
 *   budget. Density (bytes per ms of history) is learned per object from the last answer;
 *   an object never seen starts with a one-day probe, so a 1 Hz vehicle is not first
 *   asked for 30 days (~260 MB) at once.
 */
import { DAY_MS, HISTORY_WINDOW_MS, HOUR_MS, type Window } from '../../../common/history-windows';

export { DAY_MS, HOUR_MS, type Window };

export interface WindowPolicy {
  /** Longest window; 30 days unless the service said less. */
  maxMs: number;
  /** Shortest window a 400 may halve down to. */
  minMs: number;
  /** Length of the first window of an object whose density is unknown. */
  probeMs: number;
  /** Body size aimed at per window. */
  targetBytes: number;
}

export const DEFAULT_POLICY: WindowPolicy = {
  maxMs: HISTORY_WINDOW_MS,
  minMs: HOUR_MS,
  probeMs: DAY_MS,
  targetBytes: 16 * 1024 * 1024,
};

/** Splits each gap into windows of at most `lenMs`, in order. */
export function splitWindows(gaps: readonly Window[], lenMs: number): Window[] {
  const len = Math.max(1, Math.floor(lenMs));
  const out: Window[] = [];
  for (const g of gaps) for (let f = g.from; f < g.till; f += len) out.push({ from: f, till: Math.min(g.till, f + len) });
  return out;
}

/** Next window length for an object of `bytesPerMs` (undefined: unknown). */
export function windowLength(policy: WindowPolicy, bytesPerMs: number | undefined): number {
  if (bytesPerMs === undefined) return Math.min(policy.maxMs, policy.probeMs);
  if (!(bytesPerMs > 0)) return policy.maxMs;
  const ideal = policy.targetBytes / bytesPerMs;
  return Math.max(policy.minMs, Math.min(policy.maxMs, Math.floor(ideal / HOUR_MS) * HOUR_MS || policy.minMs));
}

/** Halves a refused window; null when it is already at the minimum (give up). */
export function halve(w: Window, minMs: number): [Window, Window] | null {
  const len = w.till - w.from;
  if (len / 2 < minMs) return null;
  const mid = w.from + Math.floor(len / 2);
  return [
    { from: w.from, till: mid },
    { from: mid, till: w.till },
  ];
}

/**
 * A queue of the missing parts of one load, cut into windows on demand (so the length
 * can follow what the previous answers taught). Refused windows go back to the front.
 */
export class WindowQueue {
  private readonly gaps: Window[];
  private readonly front: Window[] = [];

  constructor(gaps: readonly Window[]) {
    this.gaps = gaps.map((g) => ({ ...g }));
  }

  get empty(): boolean {
    return this.front.length === 0 && this.gaps.length === 0;
  }

  next(lenMs: number): Window | undefined {
    const f = this.front.shift();
    if (f) return f;
    const g = this.gaps[0];
    if (!g) return undefined;
    const till = Math.min(g.till, g.from + Math.max(1, Math.floor(lenMs)));
    const w = { from: g.from, till };
    if (till >= g.till) this.gaps.shift();
    else g.from = till;
    return w;
  }

  pushFront(...ws: Window[]): void {
    this.front.unshift(...ws);
  }
}

/** Total length of intervals. */
export function totalMs(ws: readonly Window[]): number {
  return ws.reduce((s, w) => s + (w.till - w.from), 0);
}
