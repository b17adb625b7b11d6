import type { JobSummary } from '../../../../common/methods/jobs';
import { momentText } from '../../ui/time';
import { navigate } from '../../ui/route';
import { kindNoun } from '../actions';
import { VirtualTable, type VColumn } from '../VirtualTable';
import { useJobs } from './jobs-store';
import { STATE_TEXT } from './progress-text';

const COLUMNS: VColumn<JobSummary>[] = [
  {
    label: 'Job',
    width: 'minmax(200px, 2fr)',
    cell: (j) => (
      <button type="button" className="link" onClick={() => navigate(`/admin/jobs/${j.jobId}`)}>
        #{j.jobId} {j.label || kindNoun(j.kind)}
      </button>
    ),
  },
  { label: 'State', width: 'minmax(110px, 1fr)', cell: (j) => STATE_TEXT[j.state] },
  { label: 'Done', width: '64px', cell: (j) => j.done },
  { label: 'Failed', width: '64px', cell: (j) => j.failed },
  { label: 'Skipped', width: '70px', cell: (j) => j.skipped },
  { label: 'Total', width: '64px', cell: (j) => j.total },
  { label: 'Who', width: 'minmax(80px, 0.7fr)', cell: (j) => j.user },
  { label: 'Server', width: 'minmax(120px, 1fr)', cell: (j) => <span title={j.server}>{j.server}</span> },
  { label: 'Started', width: '150px', cell: (j) => momentText(j.createdAt) },
];

/** Every job this data folder has run, newest first: who, when, on which server, and how it went. */
export function JobsHistory() {
  const { jobs, loaded, error } = useJobs();
  return (
    <section className="jobs-history" aria-label="Jobs history">
      <h3>Jobs history</h3>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {loaded ? <VirtualTable label="Jobs" columns={COLUMNS} rows={jobs} rowKey={(j) => j.jobId} height={520} empty="No job has run yet." /> : <p className="hint">Loading…</p>}
    </section>
  );
}
