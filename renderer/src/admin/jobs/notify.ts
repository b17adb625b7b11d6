/**
 * A desktop notification when a long job ends: the admin who started 3,000 writes has
 * gone to another window. Short jobs end under the user's eyes and say nothing.
 */
import type { JobSummary } from '../../../../common/methods/jobs';
import { kindNoun } from '../actions';

export const LONG_JOB_MS = 20_000;

export function jobEndText(j: Pick<JobSummary, 'state' | 'done' | 'failed' | 'skipped' | 'total'>): string {
  const parts = [`${j.done} of ${j.total} done`];
  if (j.failed) parts.push(`${j.failed} failed`);
  if (j.skipped) parts.push(`${j.skipped} skipped`);
  const how = j.state === 'done' ? 'finished' : j.state === 'cancelled' ? 'was cancelled' : 'stopped';
  return `${how}: ${parts.join(', ')}`;
}

export function notifyJobEnded(j: JobSummary, ranMs: number): void {
  if (ranMs < LONG_JOB_MS || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(`${kindNoun(j.kind)} job ${jobEndText(j)}`, { body: j.label, tag: `fleet-job-${j.jobId}` });
  } catch {
    // A window without notification support still shows the result on the screen.
  }
}

/** Asked when a job starts (a click), since browsers allow the question only after a gesture. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => {});
}
