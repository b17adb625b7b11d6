import { useTranslation } from 'react-i18next';
import { navigate } from '../../ui/route';
import { momentText } from '../../ui/time';
import { JobProgressPanel } from './JobProgressPanel';
import { JobResults } from './JobResults';
import { useJob, useJobs } from './jobs-store';

/** One job: its progress while it runs, its results after (both while it runs, as items settle). */
export function JobView({ jobId }: { jobId: number }) {
  const { t } = useTranslation('admin');
  const job = useJob(jobId);
  const { loaded } = useJobs();
  if (!job) return <p className="hint">{loaded ? t('jobs.noSuchJob', { id: jobId }) : t('common.loading')}</p>;
  return (
    <div className="job-view">
      <header className="job-view-head">
        <h3>{t('jobs.title', { id: job.jobId, label: job.label })}</h3>
        <span className="hint">
          {job.user} · {job.server} · {momentText(job.createdAt)}
          {job.parentId !== null && (
            <>
              {' · '}
              {t('jobs.from')}{' '}
              <button type="button" className="link" onClick={() => navigate(`/admin/jobs/${job.parentId}`)}>
                {t('jobs.jobRef', { id: job.parentId })}
              </button>
            </>
          )}
        </span>
      </header>
      <JobProgressPanel job={job} />
      <JobResults job={job} />
    </div>
  );
}
