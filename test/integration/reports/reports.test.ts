/**
 * Reports against the simulator over HTTP with real SQLite files: a 40-day report split into
 * windows and batches adds up to the objects' daily statistics of the same days; a finished
 * report opens offline with its age; a cancelled one stops and is not kept.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import type { ReportProgress, ReportTable } from '../../../common/methods/reports';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { createReports } from '../../../main/core/reports/service';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';

const DAY = 86_400_000;

describe('reports against the simulator', () => {
  let sim: SimulatorHandle;
  let core: Core;
  let ids: number[];
  let from: number;
  let till: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-reports-'));
  let offline = false;
  const progress: ReportProgress[] = [];
  const reports = (o: { batchSize?: number; concurrency?: number } = {}) =>
    createReports({ current: () => core.session.current(), bus: core.bus, isOffline: () => offline, batchSize: 7, concurrency: 3, ...o });

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 7, objects: 60 });
    core = createCore({
      dataDir,
      vault: memoryVault(),
      settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000 }),
      demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
      log: () => {},
    });
    core.bus.subscribe((p: PushEnvelope) => p.name === 'reports/progress' && progress.push(p.args as ReportProgress));
    await core.start();
    const c = core.session.current();
    await c.sync.refreshObjects();
    // Objects of one time zone, so the interval is whole local days for each of them.
    const berlin = c.cache.objects.list().filter((o) => o.TimeZone === 'Europe/Berlin');
    ids = berlin.map((o) => o.Id);
    // Whole days as the service counts them (its DailyStat's Day), so each day is in or out whole.
    const recent = await c.api.history.dailyStat({ ObjectIds: [ids[0]!], From: Date.now() - 2 * DAY, Till: Date.now() });
    till = Math.max(...recent.map((r) => r.Day as number));
    from = till - 40 * DAY;
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  /** The objects' DailyStat of the same interval, asked in windows the service accepts. */
  async function daily(): Promise<Map<number, { engine: number; km: number }>> {
    const c = core.session.current();
    const out = new Map<number, { engine: number; km: number }>();
    for (let f = from; f < till; f += 20 * DAY) {
      const t = Math.min(till, f + 20 * DAY);
      for (const r of await c.api.history.dailyStat({ ObjectIds: ids, From: f, Till: t })) {
        const day = r.Day as number;
        // Only days the window holds whole (it also answers the day starting at its end, empty).
        if (day < f || day + DAY > t) continue;
        const o = out.get(r.ObjectId as number) ?? { engine: 0, km: 0 };
        o.engine += r.EngineTime as number;
        o.km += r.Length as number;
        out.set(r.ObjectId as number, o);
      }
    }
    return out;
  }

  const col = (t: ReportTable, id: string) => t.columns.findIndex((c) => c.id === id);

  it('a 40-day engine and counters report, in windows and batches, adds up to the daily statistics of the same days', async () => {
    expect(ids.length).toBeGreaterThan(14);
    expect(till - from).toBeGreaterThan(31 * DAY);
    const r = reports();
    progress.length = 0;
    const moto = await r.run('moto-1', { kind: 'moto', objectIds: ids, groupIds: [], from, till }, true);
    const counters = await r.run('counters-1', { kind: 'counters', objectIds: ids, groupIds: [], from, till }, true);
    const stats = await daily();
    expect(moto.failed).toEqual([]);
    expect(moto.rows.map((x) => x.objectId).sort()).toEqual([...ids].sort());
    const engine = col(moto, 'engine');
    const mileage = col(counters, 'mileage');
    for (const row of moto.rows) {
      // Each ignition period is rounded to the second on its own.
      expect(Math.abs((row.cells[engine] as number) - stats.get(row.objectId)!.engine)).toBeLessThanOrEqual(60);
    }
    for (const row of counters.rows) expect(row.cells[mileage] as number).toBeCloseTo(stats.get(row.objectId)!.km, 0);
    const sumEngine = [...stats.values()].reduce((s, x) => s + x.engine, 0);
    expect(Math.abs((moto.total[engine] as number) - sumEngine)).toBeLessThanOrEqual(60 * ids.length);
    // Progress came batch by batch, each with its rows, ending at every object.
    const mine = progress.filter((p) => p.runId === 'moto-1');
    expect(mine.length).toBe(Math.ceil(ids.length / 7));
    expect(mine.at(-1)!.done).toBe(ids.length);
    expect(mine.flatMap((p) => p.rows ?? []).length).toBe(ids.length);
  });

  it('the dashboard holds the objects’ daily statistics, each day once across windows', async () => {
    const dash = await reports().dashboard({ objectIds: ids, groupIds: [], from, till });
    const stats = await daily();
    const km = new Map<number, number>();
    for (const x of dash.days) km.set(x.objectId, (km.get(x.objectId) ?? 0) + x.km);
    expect(dash.days.length).toBeGreaterThan(ids.length * 30);
    for (const id of ids) expect(km.get(id) ?? 0).toBeCloseTo(stats.get(id)?.km ?? 0, 0);
  });

  it('the dashboard of UTC days holds each Berlin object’s local days mostly inside them, not the hour of the next', async () => {
    const utcFrom = Math.floor(till / DAY) * DAY - 10 * DAY;
    const week = { from: utcFrom, till: utcFrom + 7 * DAY };
    const dash = await reports().dashboard({ objectIds: ids.slice(0, 3), groupIds: [], ...week });
    // Berlin's midnight is an hour or two before each UTC day's: the local day of each UTC date.
    const starts = [...new Set(dash.days.map((x) => x.day))].sort((a, b) => a - b);
    expect(starts).toEqual(Array.from({ length: 7 }, (_, k) => startOfDay(new TZDate(utcFrom + k * DAY + 12 * 3_600_000, 'Europe/Berlin')).getTime()));
  });

  it('a finished report opens offline, with its age, from a fresh service on the same data folder', async () => {
    const req = { kind: 'fuel' as const, objectIds: ids.slice(0, 10), groupIds: [], from, till };
    const online = await reports().run('fuel-1', req, true);
    offline = true;
    try {
      const fresh = reports();
      const again = await fresh.run('fuel-2', req, false);
      expect(again.notRefreshed).toMatch(/Offline/);
      expect(again.rows).toEqual(online.rows);
      expect(again.fetchedAt).toBe(online.fetchedAt);
      expect(fresh.cached(req).table?.total).toEqual(online.total);
      await expect(fresh.run('fuel-3', { ...req, objectIds: ids.slice(0, 3) }, false)).rejects.toMatchObject({ code: 'offline' });
      // The workbook of the cached copy is still made.
      const x = await fresh.xlsx(online.key);
      expect(x.filename).toMatch(/^Fuel - 10 objects - .+\.xlsx$/);
      expect(x.bytes.byteLength).toBeGreaterThan(1000);
    } finally {
      offline = false;
    }
  });

  it('cancel stops a running report after the batches in flight, and the partial table is not kept', async () => {
    const r = reports({ batchSize: 2, concurrency: 1 });
    const req = { kind: 'geozones' as const, objectIds: ids, groupIds: [], from, till };
    progress.length = 0;
    const stop = core.bus.subscribe((p) => {
      if (p.name === 'reports/progress' && (p.args as ReportProgress).runId === 'geo-1') r.cancel('geo-1');
    });
    const t = await r.run('geo-1', req, true);
    stop();
    expect(t.cancelled).toBe(true);
    const done = progress.filter((p) => p.runId === 'geo-1');
    expect(done.length).toBeLessThan(Math.ceil(ids.length / 2));
    expect(new Set(t.rows.map((x) => x.objectId)).size).toBeLessThan(ids.length);
    expect(r.cached(req).table).toBeNull();
    expect(r.cancel('geo-1')).toEqual({ cancelled: false });
  });
});
