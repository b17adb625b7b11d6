import { z } from 'zod';
import { method } from '../define';

/** Milliseconds. */
export interface LoopDelayStats {
  samples: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export interface DiagnosticsStats {
  /** Event-loop delay of the main side since the last reset (or start). */
  eventLoop: LoopDelayStats;
  /** The process's resident memory and the main thread's V8 heap (bytes). */
  memory: { rss: number; heapUsed: number; heapTotal: number };
  /**
   * The main thread's own CPU time and its time spent runnable but waiting for a core,
   * since the last reset (ms; Linux only, null elsewhere). A stall with little CPU and
   * much waiting is the machine being busy, not this thread's work.
   */
  thread: { cpuMs: number; queuedMs: number } | null;
  /**
   * Of each gap between ticks of a 5 ms timer, the main thread's own CPU time (ms): how long
   * the console's code held the loop, without the time it waited for a core. Null where
   * Node cannot read a thread's CPU time.
   */
  loopHeld: { samples: number; p99: number; max: number } | null;
  /** Each running worker thread's V8 heap now (bytes), by the thread's name; the main thread's is in `memory`. */
  threads: ThreadHeap[];
  since: number;
}

export interface ThreadHeap {
  name: string;
  heapUsed: number;
  heapTotal: number;
}

export const diagnosticsMethods = {
  /** `reset` starts a new measuring window after this answer. */
  'diagnostics/stats': method<DiagnosticsStats>()(z.object({ reset: z.boolean().default(false) })),
};

export const diagnosticsPushes = {};
