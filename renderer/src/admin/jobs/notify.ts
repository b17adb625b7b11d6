/**
 * A desktop notification when a long job ends: the admin who started 3,000 writes has
 * gone to another window. Short jobs end under the user's eyes and say nothing.
 */
import type { JobSummary } from '../../../../common/methods/jobs';
import { i18n } from '../../i18n';
import { kindNoun } from '../actions';
import { jobEndText } from './progress-text';

export const LONG_JOB_MS = 20_000;

/**
 * The threshold, or `fleet.longJobMs` from local storage when set to a positive number: an
 * end-to-end test proves the notification without a job that must run 20 s.
 */
export function longJobMs(): number {
  const set = Number(globalThis.localStorage?.getItem('fleet.longJobMs'));
  return Number.isFinite(set) && set > 0 ? set : LONG_JOB_MS;
}

export function notifyJobEnded(j: JobSummary, ranMs: number): void {
  if (ranMs < longJobMs() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(i18n.t('admin:jobs.notification', { kind: kindNoun(j.kind), end: jobEndText(j) }), { body: j.label, tag: `fleet-job-${j.jobId}` });
  } catch {
    // A window without notification support still shows the result on the screen.
  }
}

/** Asked when a job starts (a click), since browsers allow the question only after a gesture. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => {});
}
