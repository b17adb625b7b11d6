/** Companies (administration rights required). No DELETE in the spec. */
import type { Http } from './http';
import { call, crud, extra, looseList, looseRecord, type Extra, type LooseItem, type LooseRecord } from './shared';

export function companiesApi(http: Http) {
  const c = crud(http, '/api/Companies');
  return {
    list: c.list,
    get: c.get,
    create: c.create,
    update: c.update,
    /** GET /api/Companies/statistics: a list of per-company records, or one summary record. */
    statistics: (e?: Extra): Promise<LooseRecord | Array<LooseItem | string | number>> =>
      call(http, 'GET', '/api/Companies/statistics', (raw, ep) =>
        raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? looseRecord(raw, ep) : looseList(raw, ep), extra(e)),
  };
}
