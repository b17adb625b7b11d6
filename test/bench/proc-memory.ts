/** A process's resident memory from Linux /proc, sampled while a scenario runs (NaN elsewhere). */
import { readFileSync } from 'node:fs';

export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/** The highest resident memory seen every 250 ms until stopped, and the kernel's own peak (VmHWM) beside it. */
export function startRssSampler(pid: number): { stop(): { rss_peak_sampled_mb: number; rss_hwm_mb: number } } {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, procStatusMb(pid, 'VmRSS') || 0)), 250);
  return {
    stop: () => {
      clearInterval(timer);
      return { rss_peak_sampled_mb: Math.max(peak, procStatusMb(pid, 'VmRSS') || 0), rss_hwm_mb: procStatusMb(pid, 'VmHWM') };
    },
  };
}
