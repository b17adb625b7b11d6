/**
 * The reports service: runs a report for the open connection (objects and groups resolved
 * from the cache), pushes its progress, cancels it, keeps each finished table in the
 * connection's report store and serves that copy, with its age, when the service cannot be
 * asked. Built once by the composition root; each call reaches the open connection.
 */
import { FleetError, isFleetError } from '../../../common/errors';
import type { ArgsOf } from '../../../common/contract';
import type { ReportKind, ReportTable } from '../../../common/methods/reports';
import type { Connection } from '../connection/open';
import type { PushBus } from '../rpc/pushes';
import { reportsFileFor, reportKey, ReportStore } from './store';
import { runReport, type RunOptions } from './runner';
import type { ObjectInfo } from './table';
import { fileBase, reportXlsx } from './xlsx';
import { loadDashboard } from './dashboard';
import { listTemplates, templateColumns, templateResult } from './templates';

export interface ReportsDeps {
  current: () => Connection;
  bus: PushBus;
  isOffline: () => boolean;
  now?: () => number;
  /** Bench and tests set smaller batches or fewer requests at a time. */
  batchSize?: number;
  concurrency?: number;
}

type Request = ArgsOf<'reports/run'>['request'];

const ENDPOINT: Record<ReportKind, 'moto' | 'geozoneVisit' | 'counters' | 'fuel'> = { moto: 'moto', geozones: 'geozoneVisit', counters: 'counters', fuel: 'fuel' };

export function createReports(d: ReportsDeps) {
  const now = d.now ?? Date.now;
  const running = new Map<string, AbortController>();

  const store = (c: Connection): ReportStore => new ReportStore(reportsFileFor(c.cache.file));

  /** The chosen objects and the members of the chosen groups, once each, in the order chosen. */
  const resolve = (c: Connection, objectIds: readonly number[], groupIds: readonly number[]): ObjectInfo[] => {
    const ids = new Set(objectIds);
    if (groupIds.length) {
      const want = new Set(groupIds);
      for (const o of c.cache.objects.list()) if (o.GroupIds?.some((g) => want.has(g))) ids.add(o.Id);
      for (const g of c.cache.reference.list<{ Id?: unknown; ObjectIds?: unknown }>('objectGroups')) {
        if (typeof g.Id === 'number' && want.has(g.Id) && Array.isArray(g.ObjectIds)) for (const id of g.ObjectIds) if (typeof id === 'number') ids.add(id);
      }
    }
    return [...ids].map((id) => {
      const o = c.cache.objects.get(id);
      return { id, name: o?.Name ?? `Object ${id}`, timeZone: o?.TimeZone, sensors: o?.Sensors };
    });
  };

  // The tables last shown, cached or not (a cancelled one too), so each can be exported.
  const shown = new Map<string, ReportTable>();
  const remember = (t: ReportTable): void => {
    shown.delete(t.key);
    shown.set(t.key, t);
    if (shown.size > 4) shown.delete(shown.keys().next().value!);
  };

  const age = (t: ReportTable, why: string): ReportTable => ({ ...t, notRefreshed: why });

  async function run(runId: string, req: Request, refresh: boolean, opts: Partial<Pick<RunOptions, 'windowMs'>> = {}): Promise<ReportTable> {
    const c = d.current();
    const objects = resolve(c, req.objectIds, req.groupIds);
    if (objects.length === 0) throw new FleetError('invalid_input', 'The chosen groups have no objects');
    const key = reportKey(req.kind, objects.map((o) => o.id), req.from, req.till);
    const s = store(c);
    const cached = s.get(key);
    if (d.isOffline()) {
      if (cached) return age(cached, 'Offline: this is the last copy; it cannot be refreshed until the service answers.');
      throw new FleetError('offline', 'Offline, and this report was never run for these objects and this interval.');
    }
    if (cached && !refresh && req.till <= cached.fetchedAt) return cached;
    if (running.has(runId)) throw new FleetError('invalid_input', `A report named ${runId} is already running`);
    const ac = new AbortController();
    running.set(runId, ac);
    const api = c.api.reports[ENDPOINT[req.kind]];
    try {
      const r = await runReport({
        kind: req.kind,
        objects,
        from: req.from,
        till: req.till,
        signal: ac.signal,
        fetch: (ids, w, signal) => api({ ObjectIds: ids, From: w.from, Till: w.till }, { signal }),
        onBatch: (b) => d.bus.emit('reports/progress', { runId, ...b }),
        ...(d.batchSize ? { batchSize: d.batchSize } : {}),
        ...(d.concurrency ? { concurrency: d.concurrency } : {}),
        ...opts,
      });
      if (r.allFailed !== undefined) {
        const e = r.allFailed;
        if (cached && isFleetError(e) && (e.code === 'offline' || e.code === 'server_error' || e.code === 'rate_limited')) {
          return age(cached, `The service did not answer (${e.message}); this is the last copy.`);
        }
        throw e;
      }
      const table: ReportTable = {
        key,
        fileBase: fileBase(req.kind, objects.map((o) => o.name), req.from, req.till, req.zone ?? objects[0]?.timeZone),
        kind: req.kind,
        from: req.from,
        till: req.till,
        objectIds: objects.map((o) => o.id),
        columns: r.columns,
        rows: r.rows,
        objectTotals: r.objectTotals,
        total: r.total,
        timeZones: r.timeZones,
        ...(req.kind === 'fuel' ? { fuel: r.fuel } : {}),
        fetchedAt: now(),
        failed: r.failed,
        ...(r.cancelled ? { cancelled: true } : {}),
      };
      // A cancelled or partly failed table is shown, never kept as the answer to this request.
      if (!r.cancelled && r.failed.length === 0) s.put(table);
      remember(table);
      return table;
    } finally {
      running.delete(runId);
    }
  }

  return {
    run,
    cancel(runId: string): { cancelled: boolean } {
      const ac = running.get(runId);
      ac?.abort(new FleetError('invalid_input', 'Cancelled'));
      return { cancelled: !!ac };
    },
    cached(req: Request): { table: ReportTable | null } {
      const c = d.current();
      const objects = resolve(c, req.objectIds, req.groupIds);
      const t = store(c).get(reportKey(req.kind, objects.map((o) => o.id), req.from, req.till));
      return { table: t && d.isOffline() ? age(t, 'Offline: this is the last copy; it cannot be refreshed until the service answers.') : t };
    },
    async xlsx(key: string): Promise<{ bytes: Uint8Array; filename: string }> {
      const t = shown.get(key) ?? store(d.current()).get(key);
      if (!t) throw new FleetError('not_found', 'This report is no longer kept; run it again.');
      return { bytes: await reportXlsx(t), filename: `${t.fileBase}.xlsx` };
    },
    templates: () => listTemplates(d.current()),
    templateColumns: (reportType: number | string) => templateColumns(d.current(), reportType),
    templateResult: (id: number) => templateResult(d.current(), id),
    dashboard(a: ArgsOf<'reports/dashboard'>) {
      const c = d.current();
      const objects = resolve(c, a.objectIds, a.groupIds);
      const ids = objects.length || a.objectIds.length + a.groupIds.length ? objects : resolve(c, c.cache.objects.list().map((o) => o.Id), []);
      if (ids.length === 0) throw new FleetError('not_found', 'No objects yet: the object list has not been read from the service. Try again in a moment.');
      return loadDashboard({ conn: c, store: store(c), objects: ids, from: a.from, till: a.till, offline: d.isOffline(), now: now() });
    },
    resolve: (objectIds: readonly number[], groupIds: readonly number[]) => resolve(d.current(), objectIds, groupIds),
    close(): void {
      for (const ac of running.values()) ac.abort();
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
