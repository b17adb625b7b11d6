/**
 * Reports (POST /api/Reports/*: reads over an interval) and report templates.
 *
 * Known limitation of the service: POST /api/ReportTemplates (create a template / run a
 * report by template) fails, so no method is offered for it. Reports are built in the web
 * interface; their results are read with getResult(id).
 */
import type { Http } from './http';
import { seg } from './http';
import { call, crud, extra, looseList, looseRecord, type Extra, type LooseItem, type LooseRecord } from './shared';

/** A report result may be a record or a list; both are returned as sent (keys normalised for Id). */
function recordOrList(raw: unknown, endpoint: string): LooseRecord | Array<LooseItem | string | number> {
  if (Array.isArray(raw) || raw === undefined || raw === null) return looseList(raw, endpoint);
  if (typeof raw === 'object') return looseRecord(raw, endpoint);
  return looseList([raw], endpoint);
}
export type ReportResult = LooseRecord | Array<LooseItem | string | number>;

function report(http: Http, name: string) {
  return (body: Record<string, unknown>, e?: Extra): Promise<ReportResult> =>
    call(http, 'POST', `/api/Reports/${name}`, recordOrList, { body, idempotent: true, timeoutMs: 60_000, ...extra(e) });
}

export function reportsApi(http: Http) {
  return {
    moto: report(http, 'Moto'),
    geozoneVisit: report(http, 'GeozoneVisit'),
    counters: report(http, 'Counters'),
    fuel: report(http, 'Fuel'),
  };
}

const REPORT_TYPES_PATH = '/api/ReportTemplates/GetReportTypes';

/**
 * GET /api/ReportTemplates/GetReportTypes, its body unread: the smallest authenticated GET
 * the service offers (a constant catalogue), so the outage probe asks it (sync/recovery.ts).
 */
export function reportTypesUnread(http: Http, e?: Extra): Promise<void> {
  return http.request({ method: 'GET', path: REPORT_TYPES_PATH, endpoint: `GET ${REPORT_TYPES_PATH}`, responseType: 'text', parse: () => undefined, ...extra(e) });
}

export function reportTemplatesApi(http: Http) {
  const c = crud(http, '/api/ReportTemplates');
  return {
    list: c.list,
    get: c.get,
    update: c.update,
    remove: c.remove,
    types: (e?: Extra) => call(http, 'GET', REPORT_TYPES_PATH, looseList, extra(e)),
    columns: (reportType: string | number, e?: Extra) =>
      call(http, 'GET', `/api/ReportTemplates/GetReportColumns/${seg(reportType)}`, looseList, extra(e)),
    result: (id: number, e?: Extra): Promise<ReportResult> =>
      call(http, 'GET', `/api/ReportTemplates/GetReportResult/${seg(id)}`, recordOrList, { timeoutMs: 60_000, ...extra(e) }),
  };
}
