/**
 * The fleet dashboard: each object's days (POST /api/ObjectsHistory/DailyStat) over an
 * interval, asked in the same batches and windows as a report, kept in the report store
 * so it opens offline. The screen groups, ranks and charts these rows itself.
 */
import { FleetError } from '../../../common/errors';
import { DAY_MS, HISTORY_WINDOW_MS } from '../../../common/history-windows';
import type { Dashboard, DashboardDay } from '../../../common/methods/reports';
import type { Connection } from '../connection/open';
import { splitWindows } from '../history/windows';
import { mapLimit } from '../jobs/map-limit';
import { num } from './merge';
import { BATCH_SIZE, CONCURRENCY } from './runner';
import type { ReportStore } from './store';
import { reportKey } from './store';
import type { ObjectInfo } from './table';

export interface DashboardDeps {
  conn: Connection;
  store: ReportStore;
  objects: ObjectInfo[];
  from: number;
  till: number;
  offline: boolean;
  now: number;
  signal?: AbortSignal;
}

export function dayRow(r: Record<string, unknown>): DashboardDay {
  return {
    objectId: num(r, 'ObjectId'),
    day: num(r, 'Day'),
    km: num(r, 'Length'),
    engine: num(r, 'EngineTime'),
    move: num(r, 'MoveTime'),
    park: num(r, 'ParkTime'),
    idle: num(r, 'IdleTime'),
    fuel: num(r, 'Fuel'),
    maxSpeed: num(r, 'MaxSpeed'),
  };
}

export async function loadDashboard(d: DashboardDeps): Promise<Dashboard> {
  const ids = d.objects.map((o) => o.id);
  const key = reportKey('dashboard', ids, d.from, d.till);
  const cached = d.store.getDashboard<Dashboard>(key);
  if (d.offline) {
    if (cached) return { ...cached.body, notRefreshed: 'Offline: this is the last copy; it cannot be refreshed until the service answers.' };
    throw new FleetError('offline', 'Offline, and this dashboard was never loaded for these objects and this interval.');
  }
  if (cached && d.till <= cached.fetchedAt) return cached.body;
  const windows = splitWindows([{ from: d.from, till: d.till }], HISTORY_WINDOW_MS);
  const tasks: Array<{ ids: number[]; w: { from: number; till: number } }> = [];
  for (let i = 0; i < ids.length; i += BATCH_SIZE) for (const w of windows) tasks.push({ ids: ids.slice(i, i + BATCH_SIZE), w });
  const days: DashboardDay[] = [];
  await mapLimit(tasks, CONCURRENCY, async ({ ids: batch, w }) => {
    const rows = await d.conn.api.history.dailyStat({ ObjectIds: batch, From: w.from, Till: w.till }, undefined, d.signal ? { signal: d.signal } : undefined);
    for (const r of rows) days.push(dayRow(r));
  });
  // A day at a window's edge is answered by both windows, cut short by one: keep the longer.
  const byDay = new Map<string, DashboardDay>();
  const span = (x: DashboardDay) => x.move + x.park;
  for (const x of days) {
    const k = `${x.objectId}:${x.day}`;
    const had = byDay.get(k);
    if (!had || span(x) > span(had)) byDay.set(k, x);
  }
  // The service answers every local day the interval touches: one in another zone than the
  // interval's overlaps it by hours at either end. A day counts when most of it that has
  // passed (or of a shorter interval) is inside: today's morning is this week's.
  const inside = (x: DashboardDay) => {
    const end = Math.min(x.day + DAY_MS, Math.max(d.now, x.day + 1));
    return 2 * (Math.min(end, d.till) - Math.max(x.day, d.from)) >= Math.min(end - x.day, d.till - d.from);
  };
  const unique = [...byDay.values()].filter(inside);
  unique.sort((a, b) => a.day - b.day || a.objectId - b.objectId);
  const names: Record<number, string> = {};
  const speeding: Record<number, number> = {};
  for (const o of d.objects) names[o.id] = o.name;
  for (const x of unique) {
    const limit = d.conn.cache.objects.get(x.objectId)?.MaxSpeed;
    if (limit && x.maxSpeed > limit) speeding[x.objectId] = (speeding[x.objectId] ?? 0) + 1;
  }
  const groups = d.conn.cache.reference
    .list<{ Id?: unknown; Name?: unknown }>('objectGroups')
    .filter((g): g is { Id: number; Name?: unknown } => typeof g.Id === 'number')
    .map((g) => ({ id: g.Id, name: typeof g.Name === 'string' && g.Name ? g.Name : `Group ${g.Id}`, objectIds: ids.filter((id) => d.conn.cache.objects.get(id)?.GroupIds?.includes(g.Id)) }))
    .filter((g) => g.objectIds.length > 0);
  const out: Dashboard = { from: d.from, till: d.till, objectIds: ids, days: unique, names, groups, speeding, fetchedAt: d.now };
  d.store.putDashboard(key, d.now, out);
  return out;
}
