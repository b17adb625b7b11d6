/**
 * How long this thread's own work holds its event loop, apart from the time it waits for a
 * core.
 *
 * Why: a loop-delay monitor sees both. On a machine whose cores are taken (the browser
 * panning a map, the service answering a poll), a process that does nothing at all stalls
 * as long as the console does: measured beside the live map, an idle Node process and the
 * host both stalled 13–24 ms a poll. That figure is the machine's; the budget of 10 ms a
 * stall (DESIGN.md) is about our code. A timer ticks every `periodMs`; the thread's CPU time
 * between two ticks is what its own callbacks and garbage collection held the loop for.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export interface LoopHold {
  /** Gaps between ticks measured. */
  samples: number;
  /** The thread's own CPU time within one gap, ms. */
  p99: number;
  max: number;
}

type CpuClock = () => number;

/** This thread's CPU time in µs, where Node can tell it (22.15 and 23.9 on); null elsewhere. */
function threadCpuClock(): CpuClock | null {
  const read = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (typeof read !== 'function') return null;
  return () => {
    const u = read.call(process);
    return u.user + u.system;
  };
}

export class LoopHoldProbe {
  private readonly hist: RecordableHistogram = createHistogram();
  private last: number;

  private constructor(
    private readonly cpu: CpuClock,
    periodMs: number,
  ) {
    this.last = cpu();
    // Runs as long as the process; never keeps it alive.
    setInterval(() => this.tick(), periodMs).unref();
  }

  /** A running probe, or null where the thread's CPU time cannot be read. */
  static start(periodMs = 5): LoopHoldProbe | null {
    const cpu = threadCpuClock();
    return cpu ? new LoopHoldProbe(cpu, periodMs) : null;
  }

  private tick(): void {
    const now = this.cpu();
    // At least 1 µs: the histogram takes positive integers.
    this.hist.record(Math.max(1, Math.round(now - this.last)));
    this.last = now;
  }

  read(): LoopHold {
    const n = this.hist.count;
    const ms = (us: number) => Math.round(us / 10) / 100;
    return { samples: n, p99: n ? ms(this.hist.percentile(99)) : 0, max: n ? ms(this.hist.max) : 0 };
  }

  /** A new window: what the thread ran before now belongs to the last one. */
  reset(): void {
    this.hist.reset();
    this.last = this.cpu();
  }
}
