/** Words and numbers of a job's progress (pure, unit-tested). */
import type { JobProgress, JobState, JobSummary } from '../../../../common/methods/jobs';

export const STATE_TEXT: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  paused: 'Paused',
  waiting: 'Waiting for the service',
  interrupted: 'Interrupted: resume to go on',
  cancelled: 'Cancelled',
  done: 'Finished',
  failed: 'Finished with failures',
  stopped: 'Stopped',
};

/** Share of the items settled (done, failed or skipped), 0–100, whole. */
export function percent(p: Pick<JobProgress, 'total' | 'done' | 'failed' | 'skipped'>): number {
  if (p.total <= 0) return 100;
  return Math.floor(((p.done + p.failed + p.skipped) / p.total) * 100);
}

export function etaText(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '—';
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function rateText(r: number): string {
  return `${r >= 10 ? Math.round(r) : r.toFixed(1)}/s`;
}

/** How a job ended, for the desktop notification. */
export function jobEndText(j: Pick<JobSummary, 'state' | 'done' | 'failed' | 'skipped' | 'total'>): string {
  const parts = [`${j.done} of ${j.total} done`];
  if (j.failed) parts.push(`${j.failed} failed`);
  if (j.skipped) parts.push(`${j.skipped} skipped`);
  const how = j.state === 'done' ? 'finished' : j.state === 'cancelled' ? 'was cancelled' : 'stopped';
  return `${how}: ${parts.join(', ')}`;
}
