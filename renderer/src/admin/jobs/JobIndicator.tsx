import { useTranslation } from 'react-i18next';
import { navigate } from '../../ui/route';
import { activeJobs, useJobs } from './jobs-store';
import { percent } from './progress-text';

/** In the top bar of every screen while a job runs: how far it is, and a way to its page. */
export function JobIndicator() {
  const { t } = useTranslation('admin');
  const { jobs } = useJobs();
  const active = activeJobs(jobs);
  if (active.length === 0) return null;
  const j = active[0]!;
  const pct = percent(j);
  const more = active.length > 1 ? ` (+${active.length - 1})` : '';
  const paused = j.state === 'paused' || j.state === 'interrupted' || j.state === 'waiting';
  return (
    <button type="button" className={`job-indicator${paused ? ' paused' : ''}`} aria-label={t('jobs.indicator.label', { label: j.label, pct }) + (more ? t('jobs.indicator.more', { n: active.length - 1 }) : '')} onClick={() => navigate(`/admin/jobs/${j.jobId}`)}>
      <span className="mini-bar" aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </span>
      {t('jobs.indicator.short', { pct })}
      {more}
    </button>
  );
}
