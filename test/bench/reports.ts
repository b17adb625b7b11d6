/**
 * Reports at fleet scale: the engine-operation report for 1,000 and for 3,000 objects over
 * 30 days (BENCH_REPORT_OBJECTS, a comma list, names other sizes),
 * through the core's reports service against a simulator in its own process, as the
 * Reports screen runs it (batches of 50 objects, 4 requests at a time). Measures the time
 * to the first rows (the first batch's push: the screen's first table), to the finished
 * table, and how long the main side's event loop was held meanwhile.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../main/core/app';
import { LoopHoldProbe } from '../../main/core/diagnostics/loop-hold';
import { createReports, type Reports } from '../../main/core/reports/service';
import type { PushBus } from '../../main/core/rpc/pushes';
import { memorySettings } from '../../main/core/seams/settings';
import { memoryVault } from '../../main/core/seams/vault';
import { startSimulatorProcess } from './simulator-process';
import { note, r1 } from './stats';

const SIZES = (process.env.BENCH_REPORT_OBJECTS ?? '1000,3000')
  .split(',')
  .map((x) => Number(x.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const DAYS = 30;
const DAY = 86_400_000;

export async function runReportsBench(): Promise<Record<string, number>> {
  if (SIZES.length === 0) throw new Error('BENCH_REPORT_OBJECTS names no object count (e.g. 1000,3000)');
  // The demo login sees about 60% of the fleet: enough objects that it sees the largest size.
  const sim = await startSimulatorProcess(['--objects', String(Math.ceil(Math.max(...SIZES) * 1.8)), '--seed', '31']);
  const core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'fleet-bench-reports-')),
    vault: memoryVault(),
    settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }),
    demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
    log: () => {},
  });
  try {
    await core.start();
    const c = core.session.current();
    await c.sync.refreshObjects();
    const all = c.cache.objects.list().map((o) => o.Id);
    const reports = createReports({ current: () => core.session.current(), bus: core.bus, isOffline: () => false });
    const probe = LoopHoldProbe.start();
    const out: Record<string, number> = {};
    // Each size under its own prefix; the 1,000-object figures keep their earlier names.
    for (const n of SIZES) {
      const r = await runOnce(reports, core.bus, probe, all.slice(0, n));
      for (const [k, v] of Object.entries(r)) out[n === 1000 ? k : `o${n}_${k}`] = v;
    }
    reports.close();
    return out;
  } finally {
    await core.close();
    sim.stop();
  }
}

async function runOnce(reports: Reports, bus: PushBus, probe: LoopHoldProbe | null, ids: number[]): Promise<Record<string, number>> {
  const till = Math.floor(Date.now() / DAY) * DAY;
  let first = -1;
  const t0 = performance.now();
  const stop = bus.subscribe((p) => {
    if (first < 0 && p.name === 'reports/progress') first = performance.now() - t0;
  });
  probe?.reset();
  const table = await reports.run(`bench-${ids.length}`, { kind: 'moto', objectIds: ids, groupIds: [], from: till - DAYS * DAY, till }, true);
  const complete = performance.now() - t0;
  const hold = probe?.read();
  stop();
  note(`reports, ${ids.length} objects: ${table.rows.length} rows, first table ${r1(first)} ms, complete ${r1(complete)} ms`);
  return {
    objects: ids.length,
    days: DAYS,
    rows: table.rows.length,
    failed_objects: table.failed.reduce((s, f) => s + f.objectIds.length, 0),
    first_table_ms: r1(first),
    complete_ms: r1(complete),
    main_loop_held_p99_ms: hold?.p99 ?? -1,
    main_loop_held_max_ms: hold?.max ?? -1,
  };
}
