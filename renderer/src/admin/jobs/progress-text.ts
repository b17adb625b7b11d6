/** Words and numbers of a job's progress (pure, unit-tested), in the console's language at the call. */
import type { JobProgress, JobState, JobSummary } from '../../../../common/methods/jobs';
import { i18n } from '../../i18n';
import { numberText } from '../../ui/format';

const say = (key: string, values: Record<string, unknown> = {}) => i18n.t(`admin:jobs.${key}`, values);

export function stateText(state: JobState): string {
  return say(`state.${state}`);
}

/** Share of the items settled (done, failed or skipped), 0–100, whole. */
export function percent(p: Pick<JobProgress, 'total' | 'done' | 'failed' | 'skipped'>): number {
  if (p.total <= 0) return 100;
  return Math.floor(((p.done + p.failed + p.skipped) / p.total) * 100);
}

export function etaText(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '—';
  if (s < 60) return say('eta.s', { s: Math.max(1, Math.round(s)) });
  const m = Math.floor(s / 60);
  if (m < 60) return say('eta.ms', { m, s: Math.round(s % 60) });
  return say('eta.hm', { h: Math.floor(m / 60), m: m % 60 });
}

export function rateText(r: number): string {
  return say('rate', { rate: numberText(r, r >= 10 ? 0 : 1) });
}

/** How a job ended, for the desktop notification. */
export function jobEndText(j: Pick<JobSummary, 'state' | 'done' | 'failed' | 'skipped' | 'total'>): string {
  const parts = [say('end.done', { done: j.done, total: j.total })];
  if (j.failed) parts.push(say('end.failed', { n: j.failed }));
  if (j.skipped) parts.push(say('end.skipped', { n: j.skipped }));
  const how = j.state === 'done' ? say('end.finished') : j.state === 'cancelled' ? say('end.cancelled') : say('end.stopped');
  return say('end.line', { how, parts: parts.join(', ') });
}
