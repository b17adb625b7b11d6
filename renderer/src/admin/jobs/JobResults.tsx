import { useState } from 'react';
import type { ItemState, JobItemRow, JobSummary } from '../../../../common/methods/jobs';
import { RpcError, rpc } from '../../rpc/client';
import { download } from '../../history/export/download';
import { navigate } from '../../ui/route';
import { momentText } from '../../ui/time';
import { VirtualTable, type VColumn } from '../VirtualTable';
import { ACTIVE, putJob } from './jobs-store';
import { RevertConfirm } from './RevertConfirm';
import { useJobItems } from './use-job-items';

const ITEM_STATE: Record<ItemState, string> = { pending: 'Pending', sending: 'Sending', done: 'Done', failed: 'Failed', skipped: 'Skipped' };

const COLUMNS: VColumn<JobItemRow>[] = [
  { label: 'Row', width: '56px', cell: (r) => r.row ?? '' },
  { label: 'Object', width: 'minmax(140px, 1.3fr)', cell: (r) => r.objectName },
  { label: 'Old value', width: 'minmax(90px, 0.8fr)', cell: (r) => r.oldValue ?? '—' },
  { label: 'New value', width: 'minmax(90px, 0.8fr)', cell: (r) => r.newValue },
  { label: 'Status', width: '84px', cell: (r) => ITEM_STATE[r.state] },
  { label: 'Message', width: 'minmax(160px, 1.6fr)', cell: (r) => <span title={r.message ?? undefined}>{r.message ?? ''}</span> },
  { label: 'Time', width: '180px', cell: (r) => (r.at ? momentText(r.at) : '') },
];

function revertWhyNot(job: JobSummary): string | null {
  if (job.kind === 'delete') return 'Delete has no revert';
  if (job.kind === 'history-import') return 'An imported history has no revert';
  if (!job.revertible) return 'Not every previous value was read: this job cannot be reverted';
  return null;
}

/** Per item: what it was, what it was set to, and how it went; failures alone, retried, exported or reverted. */
export function JobResults({ job }: { job: JobSummary }) {
  const [failuresOnly, setFailuresOnly] = useState(false);
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
    <section className="job-results" aria-label="Results">
      <div className="job-results-bar">
        <h3>Results</h3>
        <label className="check">
          <input type="checkbox" checked={failuresOnly} onChange={(e) => setFailuresOnly(e.target.checked)} /> Failures only
        </label>
        <span className="spacer" />
        <button type="button" disabled={active || job.failed === 0} onClick={() => void startFrom('jobs/retry-failed')}>
          Retry failed ({job.failed})
        </button>
        <button type="button" onClick={() => void exportAs('csv')}>
          Export CSV
        </button>
        <button type="button" onClick={() => void exportAs('xlsx')}>
          Export XLSX
        </button>
        <button type="button" disabled={active || !job.revertible || job.done === 0 || job.kind === 'history-import'} title={revertWhyNot(job) ?? undefined} onClick={() => setAsking(true)}>
          Revert
        </button>
      </div>
      {(error ?? loadError) && (
        <p role="alert" className="error">
          {error ?? loadError}
        </p>
      )}
      {items === null ? (
        <p className="hint">Loading results…</p>
      ) : (
        <>
          <VirtualTable
            label={failuresOnly ? 'Failed items' : 'Items'}
            columns={COLUMNS}
            rows={items}
            rowKey={(r) => r.seq}
            height={360}
            rowClass={(r) => (r.state === 'failed' ? 'failed' : undefined)}
            empty={failuresOnly ? 'No item failed.' : 'No items.'}
          />
          {total > items.length && <p className="hint">The first {items.length} of {total} are shown; the export has them all.</p>}
        </>
      )}
      {asking && <RevertConfirm job={job} onCancel={() => setAsking(false)} onConfirm={() => void startFrom('jobs/revert')} />}
    </section>
  );
}
