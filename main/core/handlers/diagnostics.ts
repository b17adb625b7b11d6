import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { HandlerMap } from '../rpc/dispatcher';

/**
 * How long the main side's event loop stalls (a stall delays every answer and push to
 * the renderer): the bench reads it around each status poll, support sessions on demand.
 */
export function diagnosticsHandlers(): HandlerMap {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let since = Date.now();
  const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
  return {
    'diagnostics/stats': (a) => {
      const m = process.memoryUsage();
      const out = {
        eventLoop: { samples: h.count, mean: ms(h.count ? h.mean : 0), p50: ms(h.count ? h.percentile(50) : 0), p99: ms(h.count ? h.percentile(99) : 0), max: ms(h.count ? h.max : 0) },
        memory: { rss: m.rss, heapUsed: m.heapUsed },
        since,
      };
      if (a.reset) {
        h.reset();
        since = Date.now();
      }
      return out;
    },
  };
}
