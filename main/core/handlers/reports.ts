import type { HandlerMap } from '../rpc/dispatcher';
import type { Reports } from '../reports/service';

/** Maps the reports methods onto the reports service (main/core/reports). */
export function reportsHandlers(r: Reports): HandlerMap {
  return {
    'reports/run': (a) => r.run(a.runId, a.request, a.refresh),
    'reports/cancel': (a) => r.cancel(a.runId),
    'reports/cached': (a) => r.cached(a.request),
    'reports/xlsx': (a) => r.xlsx(a.key),
    // The core has no window to print; the Electron shell answers this method itself (main/electron/pdf.ts).
    'reports/pdf': () => ({ via: 'print-dialog' as const }),
    'reports/templates': () => r.templates(),
    'reports/template-columns': (a) => r.templateColumns(a.reportType),
    'reports/template-result': (a) => r.templateResult(a.id),
    'reports/dashboard': (a) => r.dashboard(a),
  };
}
