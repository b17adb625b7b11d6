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
  memory: { rss: number; heapUsed: number };
  since: number;
}

export const diagnosticsMethods = {
  /** `reset` starts a new measuring window after this answer. */
  'diagnostics/stats': method<DiagnosticsStats>()(z.object({ reset: z.boolean().default(false) })),
};

export const diagnosticsPushes = {};
