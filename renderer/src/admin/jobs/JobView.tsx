import { navigate } from '../../ui/route';
import { momentText } from '../../ui/time';
import { JobProgressPanel } from './JobProgressPanel';
import { JobResults } from './JobResults';
import { useJob, useJobs } from './jobs-store';

/** One job: its progress while it runs, its results after (both while it runs, as items settle). */
export function JobView({ jobId }: { jobId: number }) {
  const job = useJob(jobId);
  const { loaded } = useJobs();
  if (!job) return <p className="hint">{loaded ? `There is no job #${jobId}.` : 'Loading…'}</p>;
  return (
    <div className="job-view">
      <header className="job-view-head">
        <h3>
          Job #{job.jobId}: {job.label}
        </h3>
        <span className="hint">
          {job.user} · {job.server} · {momentText(job.createdAt)}
          {job.parentId !== null && (
            <>
              {' · from '}
              <button type="button" className="link" onClick={() => navigate(`/admin/jobs/${job.parentId}`)}>
                job #{job.parentId}
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
