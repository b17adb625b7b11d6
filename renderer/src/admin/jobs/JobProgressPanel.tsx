import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '../../../../common/methods/jobs';
import { RpcError, rpc } from '../../rpc/client';
import { ACTIVE, putJob } from './jobs-store';
import { etaText, percent, rateText, stateText } from './progress-text';

/** A job's progress: the bar, done / failed / remaining, rate and ETA, and pause, resume, cancel. */
export function JobProgressPanel({ job }: { job: JobSummary }) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pct = percent(job);
  const act = async (m: 'jobs/pause' | 'jobs/resume' | 'jobs/cancel') => {
    setBusy(true);
    try {
      putJob(await rpc(m, { jobId: job.jobId }));
      setError(null);
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
    } finally {
      setBusy(false);
    }
  };
  const active = ACTIVE.has(job.state);
  return (
    <section className="job-progress" aria-label={t('jobs.progress')}>
      <div className="job-progress-head">
        <strong role="status">{stateText(job.state)}</strong>
        {job.message && <span className="job-message">{job.message}</span>}
      </div>
      <div role="progressbar" aria-label={t('jobs.progressOf', { label: job.label })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%`} className="bar">
        <div className="bar-done" style={{ width: `${job.total ? (job.done / job.total) * 100 : 0}%` }} />
        <div className="bar-failed" style={{ width: `${job.total ? ((job.failed + job.skipped) / job.total) * 100 : 0}%` }} />
      </div>
      <dl className="job-counts">
        <div>
          <dt>{t('jobs.count.done')}</dt>
          <dd>{job.done}</dd>
        </div>
        <div>
          <dt>{t('jobs.count.failed')}</dt>
          <dd className={job.failed ? 'error' : undefined}>{job.failed}</dd>
        </div>
        <div>
          <dt>{t('jobs.count.skipped')}</dt>
          <dd>{job.skipped}</dd>
        </div>
        <div>
          <dt>{t('jobs.count.remaining')}</dt>
          <dd>{job.remaining}</dd>
        </div>
        <div>
          <dt>{t('jobs.count.rate')}</dt>
          <dd>{active ? rateText(job.rate) : '—'}</dd>
        </div>
        <div>
          <dt>{t('jobs.count.timeLeft')}</dt>
          <dd>{active ? etaText(job.etaS) : '—'}</dd>
        </div>
      </dl>
      {active && (
        <div className="buttons">
          {job.state === 'paused' || job.state === 'interrupted' ? (
            <button type="button" disabled={busy} onClick={() => void act('jobs/resume')}>
              {t('jobs.resume')}
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void act('jobs/pause')}>
              {t('jobs.pause')}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void act('jobs/cancel')}>
            {t('jobs.cancel')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
