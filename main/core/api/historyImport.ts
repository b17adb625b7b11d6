/** History import jobs: queue one, read its status. */
import { FleetError } from '../../../common/errors';
import type { Http } from './http';
import { seg } from './http';
import { call, extra, looseRecord, type Extra, type LooseRecord } from './shared';

/** Operation id from a bare string/number or {OperationId|Id|operationId}. */
export function operationIdFrom(raw: unknown, endpoint: string): string {
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
  if (typeof raw === 'number') return String(raw);
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const lower = new Map(Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k.toLowerCase().replace(/_/g, ''), v]));
    for (const k of ['operationid', 'id', 'jobid', 'guid', 'result', 'value']) {
      const v = lower.get(k);
      if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
    }
  }
  throw new FleetError('server_error', `${endpoint}: body: expected an operation identifier, got ${JSON.stringify(raw)?.slice(0, 60) ?? 'nothing'}`);
}

/** Not idempotent (a repeat would queue a second job). Body passed as given (shape unshown). */
export function startHistoryImport(http: Http, body: unknown, e?: Extra): Promise<string> {
  return call(http, 'POST', '/api/ObjectHistoryImport/import', operationIdFrom, { body, idempotent: false, ...extra(e) });
}

/** Status of an import job: loose record, or {Status: <value>} when the server answers a bare value. */
export function getHistoryImportStatus(http: Http, operationId: string, e?: Extra): Promise<LooseRecord> {
  return call(http, 'GET', `/api/ObjectHistoryImport/import/status/${seg(operationId)}`, (raw, ep) =>
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? looseRecord(raw, ep) : { Status: raw }, extra(e));
}

export function historyImportApi(http: Http) {
  return {
    start: (body: unknown, e?: Extra) => startHistoryImport(http, body, e),
    status: (operationId: string, e?: Extra) => getHistoryImportStatus(http, operationId, e),
  };
}
