import { readFileSync } from 'node:fs';
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
  let sched0 = schedStat();
  const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
  return {
    'diagnostics/stats': (a) => {
      const m = process.memoryUsage();
      const sched = schedStat();
      const out = {
        eventLoop: { samples: h.count, mean: ms(h.count ? h.mean : 0), p50: ms(h.count ? h.percentile(50) : 0), p99: ms(h.count ? h.percentile(99) : 0), max: ms(h.count ? h.max : 0) },
        memory: { rss: m.rss, heapUsed: m.heapUsed },
        thread: sched && sched0 ? { cpuMs: ms(sched.cpuNs - sched0.cpuNs), queuedMs: ms(sched.queuedNs - sched0.queuedNs) } : null,
        since,
      };
      if (a.reset) {
        h.reset();
        since = Date.now();
        sched0 = sched;
      }
      return out;
    },
  };
}

/** The scheduler totals (ns) of the thread serving the contract: on the CPU, and runnable but waiting for it. */
function schedStat(): { cpuNs: number; queuedNs: number } | null {
  try {
    // "<on cpu> <waiting> <slices>".
    const [cpu, queued] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return Number.isFinite(cpu) && Number.isFinite(queued) ? { cpuNs: cpu!, queuedNs: queued! } : null;
  } catch {
    return null;
  }
}
