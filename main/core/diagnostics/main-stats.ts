import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import type { DiagnosticsStats } from '../../../common/methods/diagnostics';
import { LoopHoldProbe } from './loop-hold';

/**
 * How long the main side's event loop stalls (a stall delays every answer and push to
 * the renderer): the bench reads it around each status poll, support sessions on demand.
 * The monitors start with the first call, not with the app: each is a timer waking the
 * process 200 times a second, which a laptop on battery should not pay for nothing.
 */
export function mainStats(): { read(reset: boolean): Omit<DiagnosticsStats, 'threads'> } {
  /** The monitors and where their window began (a reset starts a new one). */
  let current: { delay: ELDHistogram; held: LoopHoldProbe | null; since: number; sched0: ReturnType<typeof schedStat> } | null = null;
  const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
  return {
    read(reset) {
      if (!current) {
        const delay = monitorEventLoopDelay({ resolution: 5 });
        delay.enable();
        current = { delay, held: LoopHoldProbe.start(), since: Date.now(), sched0: schedStat() };
      }
      const { delay: h, held, since, sched0 } = current;
      const m = process.memoryUsage();
      const sched = schedStat();
      const out = {
        eventLoop: { samples: h.count, mean: ms(h.count ? h.mean : 0), p50: ms(h.count ? h.percentile(50) : 0), p99: ms(h.count ? h.percentile(99) : 0), max: ms(h.count ? h.max : 0) },
        memory: { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal },
        thread: sched && sched0 ? { cpuMs: ms(sched.cpuNs - sched0.cpuNs), queuedMs: ms(sched.queuedNs - sched0.queuedNs) } : null,
        loopHeld: held?.read() ?? null,
        since,
      };
      if (reset) {
        h.reset();
        held?.reset();
        current.since = Date.now();
        current.sched0 = sched;
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
