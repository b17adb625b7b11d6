import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemState, JobItemRow, JobSummary } from '../../../../common/methods/jobs';
import { RpcError, rpc } from '../../rpc/client';
import { download } from '../../history/export/download';
import { navigate } from '../../ui/route';
import { momentText } from '../../ui/time';
import { VirtualTable, type VColumn } from '../VirtualTable';
import { ACTIVE, putJob } from './jobs-store';
import { RevertConfirm } from './RevertConfirm';
import { useJobItems } from './use-job-items';

function ItemStateText({ state }: { state: ItemState }) {
  const { t } = useTranslation('admin');
  return <>{t(`jobs.item.${state}`)}</>;
}

/** Column headers are keys of the admin namespace, read when the table is drawn. */
const COLUMNS: VColumn<JobItemRow>[] = [
  { label: 'jobs.column.row', width: '56px', cell: (r) => r.row ?? '' },
  { label: 'jobs.column.object', width: 'minmax(140px, 1.3fr)', cell: (r) => r.objectName },
  { label: 'jobs.column.oldValue', width: 'minmax(90px, 0.8fr)', cell: (r) => r.oldValue ?? '—' },
  { label: 'jobs.column.newValue', width: 'minmax(90px, 0.8fr)', cell: (r) => r.newValue },
  { label: 'jobs.column.status', width: '84px', cell: (r) => <ItemStateText state={r.state} /> },
  { label: 'jobs.column.message', width: 'minmax(160px, 1.6fr)', cell: (r) => <span title={r.message ?? undefined}>{r.message ?? ''}</span> },
  { label: 'jobs.column.time', width: '180px', cell: (r) => (r.at ? momentText(r.at) : '') },
];

/** Why Revert is greyed out, as a key (null: it is not). */
function revertWhyNot(job: JobSummary): string | null {
  if (job.kind === 'delete') return 'jobs.noRevert.delete';
  if (job.kind === 'history-import') return 'jobs.noRevert.historyImport';
  if (!job.revertible) return 'jobs.noRevert.notRead';
  return null;
}

/** Per item: what it was, what it was set to, and how it went; failures alone, retried, exported or reverted. */
export function JobResults({ job }: { job: JobSummary }) {
  const { t } = useTranslation('admin');
  const [failuresOnly, setFailuresOnly] = useState(false);
  const whyNot = revertWhyNot(job);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { items, total, error: loadError } = useJobItems(job, failuresOnly);
  const active = ACTIVE.has(job.state);

  const startFrom = async (m: 'jobs/retry-failed' | 'jobs/revert') => {
    try {
      const next = await rpc(m, { jobId: job.jobId });
      putJob(next);
      setAsking(false);
      navigate(`/admin/jobs/${next.jobId}`);
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
      setAsking(false);
    }
  };
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const f = await rpc('jobs/export', { jobId: job.jobId, format });
      const type = format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      download([f.bytes as Uint8Array<ArrayBuffer>], f.fileName, type);
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
    }
  };

  return (
    <section className="job-results" aria-label={t('jobs.results')}>
      <div className="job-results-bar">
        <h3>{t('jobs.results')}</h3>
        <label className="check">
          <input type="checkbox" checked={failuresOnly} onChange={(e) => setFailuresOnly(e.target.checked)} /> {t('jobs.failuresOnly')}
        </label>
        <span className="spacer" />
        <button type="button" disabled={active || job.failed === 0} onClick={() => void startFrom('jobs/retry-failed')}>
          {t('jobs.retryFailed', { n: job.failed })}
        </button>
        <button type="button" onClick={() => void exportAs('csv')}>
          {t('jobs.exportCsv')}
        </button>
        <button type="button" onClick={() => void exportAs('xlsx')}>
          {t('jobs.exportXlsx')}
        </button>
        <button type="button" disabled={active || !job.revertible || job.done === 0 || job.kind === 'history-import'} title={whyNot ? t(whyNot) : undefined} onClick={() => setAsking(true)}>
          {t('jobs.revert')}
        </button>
      </div>
      {(error ?? loadError) && (
        <p role="alert" className="error">
          {error ?? loadError}
        </p>
      )}
      {items === null ? (
        <p className="hint">{t('jobs.loadingResults')}</p>
      ) : (
        <>
          <VirtualTable
            label={failuresOnly ? t('jobs.failedItems') : t('jobs.items')}
            columns={COLUMNS.map((c) => ({ ...c, label: t(c.label) }))}
            rows={items}
            rowKey={(r) => r.seq}
            height={360}
            rowClass={(r) => (r.state === 'failed' ? 'failed' : undefined)}
            empty={failuresOnly ? t('jobs.noneFailed') : t('jobs.noItems')}
          />
          {total > items.length && <p className="hint">{t('jobs.firstShown', { shown: items.length, total })}</p>}
        </>
      )}
      {asking && <RevertConfirm job={job} onCancel={() => setAsking(false)} onConfirm={() => void startFrom('jobs/revert')} />}
    </section>
  );
}
