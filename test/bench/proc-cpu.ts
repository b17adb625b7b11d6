/**
 * Where a span's CPU went on this machine, from Linux /proc: the machine's busy time over
 * all its cores, and per process (every thread of it) the host's, the simulator's, the
 * browser's (Chromium's processes, the bench's other descendants) and the bench's own; what
 * none of them used is other jobs on the shared machine. Sampled every 100 ms, so a span's
 * ends, known only after it (a start's full view), are read off the bench's clock. On a
 * system without /proc every figure is -1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Linux reports CPU time in USER_HZ ticks, 100 a second on every mainstream kernel. */
const MS_PER_TICK = 10;
const PERIOD_MS = 100;

interface Sample {
  at: number;
  machineBusy: number;
  /** Ticks used so far by each process alive at `at`, and its parent. */
  procs: Map<number, { ticks: number; ppid: number }>;
}

export interface CpuSpan {
  span_ms: number;
  /** Cores × span: what the machine could have run. */
  capacity_ms: number;
  machine_busy_ms: number;
  host_ms: number;
  browser_ms: number;
  simulator_ms: number;
  bench_ms: number;
  /** The browser's share by Chromium process type: renderers (the pages and their workers), the GPU process, and the rest (the browser process, network, zygotes). */
  browser_renderers_ms: number;
  browser_gpu_ms: number;
  browser_rest_ms: number;
  /** Busy, but in none of the processes above: the shared machine's other jobs. */
  other_ms: number;
}

function machineBusyTicks(): number {
  // cpu user nice system idle iowait irq softirq steal …: everything but idle and iowait.
  const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  return f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + (f[7] ?? 0);
}

function readProcs(): Sample['procs'] {
  const procs: Sample['procs'] = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields follow its last ')'.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return procs;
}

type Kind = 'renderer' | 'gpu' | 'rest';
const kinds = new Map<number, Kind>();
/**
 * A Chromium process's type, from its `--type=` flag. Read while it lives (a page's renderer
 * ends with the page, before its span is read), and again while it reads as neither: a
 * process just forked from the zygote still carries the zygote's command line.
 */
function classify(pid: number): void {
  if (kinds.get(pid) === 'renderer' || kinds.get(pid) === 'gpu') return;
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    kinds.set(pid, /--type=renderer/.test(cmd) ? 'renderer' : /--type=gpu-process/.test(cmd) ? 'gpu' : 'rest');
  } catch {
    // Gone: its kind stays what it was last read as.
  }
}

function take(): Sample {
  const s: Sample = { at: Date.now(), machineBusy: machineBusyTicks(), procs: readProcs() };
  for (const pid of s.procs.keys()) if (pid !== process.pid && under(s, pid, process.pid)) classify(pid);
  return s;
}

/** Whether `pid` is `root` or descends from it, by the parents known at `s`. */
function under(s: Sample, pid: number, root: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
    if (p === root) return true;
    p = s.procs.get(p)?.ppid ?? 0;
  }
  return false;
}

export interface CpuSampler {
  /** The CPU used from `from` to `to` (bench clock), widened to the samples around them. */
  span(from: number, to: number, roles: { host: number; simulator: number }): CpuSpan;
  stop(): void;
}

export function startCpuSampler(): CpuSampler {
  let samples: Sample[] = [];
  try {
    samples.push(take());
  } catch {
    samples = [];
  }
  const timer = samples.length ? setInterval(() => samples.push(take()), PERIOD_MS) : null;
  const none: CpuSpan = {
    span_ms: -1,
    capacity_ms: -1,
    machine_busy_ms: -1,
    host_ms: -1,
    browser_ms: -1,
    simulator_ms: -1,
    bench_ms: -1,
    browser_renderers_ms: -1,
    browser_gpu_ms: -1,
    browser_rest_ms: -1,
    other_ms: -1,
  };
  return {
    span(from, to, roles) {
      const a = samples.findLast((s) => s.at <= from) ?? samples[0];
      const b = samples.find((s) => s.at >= to) ?? samples.at(-1);
      if (!a || !b || b === a) return none;
      const used = { host: 0, browser: 0, simulator: 0, bench: 0 };
      const browser = { renderer: 0, gpu: 0, rest: 0 };
      for (const [pid, { ticks }] of b.procs) {
        // A process started within the span counts from zero; one that ended within it is lost with its last ticks.
        const d = ticks - (a.procs.get(pid)?.ticks ?? 0);
        if (d <= 0) continue;
        if (under(b, pid, roles.host)) used.host += d;
        else if (under(b, pid, roles.simulator)) used.simulator += d;
        else if (pid === process.pid) used.bench += d;
        else if (under(b, pid, process.pid)) {
          used.browser += d;
          browser[kinds.get(pid) ?? 'rest'] += d;
        }
      }
      const busy = b.machineBusy - a.machineBusy;
      const span = b.at - a.at;
      return {
        span_ms: span,
        capacity_ms: span * availableParallelism(),
        machine_busy_ms: busy * MS_PER_TICK,
        host_ms: used.host * MS_PER_TICK,
        browser_ms: used.browser * MS_PER_TICK,
        simulator_ms: used.simulator * MS_PER_TICK,
        bench_ms: used.bench * MS_PER_TICK,
        browser_renderers_ms: browser.renderer * MS_PER_TICK,
        browser_gpu_ms: browser.gpu * MS_PER_TICK,
        browser_rest_ms: browser.rest * MS_PER_TICK,
        other_ms: Math.max(0, busy - used.host - used.browser - used.simulator - used.bench) * MS_PER_TICK,
      };
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/** A span's figures under `prefix`_cpu_…. */
export function cpuFigures(prefix: string, s: CpuSpan): Record<string, number> {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [`${prefix}_cpu_${k}`, v]));
}
