import { useEffect, useState } from 'react';
import type { JobItemRow, JobSummary } from '../../../../common/methods/jobs';
import { RpcError, rpc } from '../../rpc/client';

/** Results are read again at most this often while the job runs: pushes carry counts, not items. */
const RELOAD_MS = 1000;

/** A job's items (all, or the failures), read again as the job advances. */
export function useJobItems(job: JobSummary | undefined, failuresOnly: boolean) {
  const [items, setItems] = useState<JobItemRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const settled = job ? job.done + job.failed + job.skipped : 0;
  const jobId = job?.jobId ?? 0;
  const state = job?.state;
  useEffect(() => {
    if (!jobId) return;
    let live = true;
    const t = setTimeout(() => {
      rpc('jobs/items', { jobId, failuresOnly, limit: 10_000 })
        .then((r) => {
          if (!live) return;
          setItems(r.items);
          setTotal(r.total);
          setError(null);
        })
        .catch((e: unknown) => live && setError(e instanceof RpcError ? e.text : String(e)));
    }, items === null ? 0 : RELOAD_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // items is left out on purpose: a new list must not ask for itself again.
  }, [jobId, failuresOnly, settled, state]);
  return { items, total, error };
}
