import type { HandlerMap } from '../rpc/dispatcher';
import type { Jobs } from '../jobs';

/** Maps the jobs and admin methods onto the jobs service (main/core/jobs). */
export function jobsHandlers(jobs: Jobs): HandlerMap {
  const { service: s, admin } = jobs;
  return {
    'admin/objects': (a) => admin.objects(a.refresh),
    'admin/counters': (a) => admin.counters(a.objectIds),
    'admin/companies': () => admin.companies(),
    'admin/icons': () => admin.icons(),
    'admin/groups': () => admin.groups(),
    'jobs/import-parse': (a) => s.importParse(a.fileName, a.bytes),
    'jobs/import-match': (a) => s.importMatch(a),
    'jobs/preview': (a) => s.preview(a),
    'jobs/start': (a) => s.start(a, { concurrency: a.concurrency }),
    'jobs/pause': (a) => s.pause(a.jobId),
    'jobs/resume': (a) => s.resume(a.jobId),
    'jobs/cancel': (a) => s.cancel(a.jobId),
    'jobs/list': (a) => s.list(a.limit),
    'jobs/items': (a) => s.items(a.jobId, a),
    'jobs/retry-failed': (a) => s.retryFailed(a.jobId),
    'jobs/revert': (a) => s.revert(a.jobId),
    'jobs/export': (a) => s.exportResults(a.jobId, a.format),
  };
}
