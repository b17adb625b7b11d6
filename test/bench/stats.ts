/** Small helpers every bench scenario shares: percentiles, rounding, progress notes on stderr. */
import { readFileSync } from 'node:fs';

export type Results = Record<string, Record<string, number | string>>;

export function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export const r1 = (x: number) => Math.round(x * 10) / 10;

export const note = (m: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

/** A promise that fails with `what` after `ms`: every wait of a bench is bounded by one. */
export function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * CPU seconds a process has used so far, all its threads (Linux /proc; NaN elsewhere). The
 * simulator shares this machine's two cores with the console in a bench, where a real
 * service would not: its share says how much of a figure is that contention.
 */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in USER_HZ ticks (100 a second on Linux).
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * A fixed piece of CPU work (sorting, JSON, arithmetic) timed in the bench's own process:
 * this machine's speed at the moment of a scenario. The same code runs the same work on
 * every run, so when it takes 40% longer, so does everything else measured beside it.
 */
export function referenceWorkMs(): number {
  const t0 = performance.now();
  let seed = 1;
  const xs = new Float64Array(400_000);
  for (let i = 0; i < xs.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    xs[i] = seed / 0x7fffffff;
  }
  xs.sort();
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ Id: i, Lat: xs[i]! * 90, Lng: xs[i + 1]! * 180, Name: `Object ${i}` }));
  let n = 0;
  for (let k = 0; k < 5; k++) n += (JSON.parse(JSON.stringify(rows)) as unknown[]).length;
  if (n !== 100_000) throw new Error('reference work went wrong');
  return Math.round(performance.now() - t0);
}
