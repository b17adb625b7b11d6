/**
 * `npm run bench -- --only bulk`: a 3,000-item odometer job against a simulator process
 * answering after 50 ms, at concurrency 4. Items per second against the ideal (each item
 * is a read of the previous value and a write: concurrency / (2 × latency)), and how long
 * the job's own work held this process's event loop (p99).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoopHoldProbe } from '../../main/core/diagnostics/loop-hold';
import { Journal, JobsService } from '../../main/core/jobs';
import { connect } from '../../main/core/jobs/connect';
import { startSimulatorProcess } from './simulator-process';
import { note, r1 } from './stats';

const ITEMS = 3000;
const LATENCY_MS = 50;
const CONCURRENCY = 4;

export async function runBulkBench(): Promise<Record<string, number>> {
  const sim = await startSimulatorProcess(['--objects', String(ITEMS), '--seed', '23']);
  try {
    const t = await connect({ server: sim.baseUrl, login: 'admin', password: 'admin' });
    const s = new JobsService({ journal: Journal.inDataDir(mkdtempSync(join(tmpdir(), 'fleet-bulk-'))), target: () => t, concurrency: () => CONCURRENCY });
    await s.objects();
    await fetch(`${sim.controlUrl}/__sim/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ latencyMs: LATENCY_MS }) });
    const probe = LoopHoldProbe.start();
    probe?.reset();
    const t0 = performance.now();
    const job = await s.start({ kind: 'odometer', items: Array.from({ length: ITEMS }, (_, i) => ({ objectId: i + 1, value: 400_000 + i, row: null })) });
    const state = await s.wait(job.jobId);
    const secs = (performance.now() - t0) / 1000;
    const hold = probe?.read();
    const sum = s.summary(job.jobId);
    note(`bulk: ${state}, ${sum.done} done in ${r1(secs)} s`);
    const ideal = CONCURRENCY / ((2 * LATENCY_MS) / 1000);
    return {
      items: ITEMS,
      done: sum.done,
      seconds: r1(secs),
      items_per_s: r1(sum.done / secs),
      ideal_items_per_s: r1(ideal),
      of_ideal_pct: r1((100 * sum.done) / secs / ideal),
      loop_hold_p99_ms: hold?.p99 ?? -1,
      loop_hold_max_ms: hold?.max ?? -1,
    };
  } finally {
    sim.stop();
  }
}
