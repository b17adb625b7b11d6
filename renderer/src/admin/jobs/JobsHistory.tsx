import { useTranslation } from 'react-i18next';
import type { JobSummary } from '../../../../common/methods/jobs';
import { momentText } from '../../ui/time';
import { navigate } from '../../ui/route';
import { kindNoun } from '../actions';
import { VirtualTable, type VColumn } from '../VirtualTable';
import { useJobs } from './jobs-store';
import { stateText } from './progress-text';

/** Column headers are keys of the admin namespace, read when the table is drawn. */
const COLUMNS: VColumn<JobSummary>[] = [
  {
    label: 'jobs.column.job',
    width: 'minmax(200px, 2fr)',
    cell: (j) => (
      <button type="button" className="link" onClick={() => navigate(`/admin/jobs/${j.jobId}`)}>
        #{j.jobId} {j.label || kindNoun(j.kind)}
      </button>
    ),
  },
  { label: 'jobs.column.state', width: 'minmax(110px, 1fr)', cell: (j) => stateText(j.state) },
  { label: 'jobs.column.done', width: '64px', cell: (j) => j.done },
  { label: 'jobs.column.failed', width: '64px', cell: (j) => j.failed },
  { label: 'jobs.column.skipped', width: '70px', cell: (j) => j.skipped },
  { label: 'jobs.column.total', width: '64px', cell: (j) => j.total },
  { label: 'jobs.column.who', width: 'minmax(80px, 0.7fr)', cell: (j) => j.user },
  { label: 'jobs.column.server', width: 'minmax(120px, 1fr)', cell: (j) => <span title={j.server}>{j.server}</span> },
  { label: 'jobs.column.started', width: '150px', cell: (j) => momentText(j.createdAt) },
];

/** Every job this data folder has run, newest first: who, when, on which server, and how it went. */
export function JobsHistory() {
  const { t } = useTranslation('admin');
  const { jobs, loaded, error } = useJobs();
  const columns = COLUMNS.map((c) => ({ ...c, label: t(c.label) }));
  return (
    <section className="jobs-history" aria-label={t('jobs.history')}>
      <h3>{t('jobs.history')}</h3>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {loaded ? <VirtualTable label={t('jobs.list')} columns={columns} rows={jobs} rowKey={(j) => j.jobId} height={520} empty={t('jobs.noneYet')} /> : <p className="hint">{t('common.loading')}</p>}
    </section>
  );
}
