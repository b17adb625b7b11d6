/**
 * History benchmark: one dense object (drives around the clock), 30 days at 1 Hz
 * (~2.6 M points) from the simulator over loopback into a fresh cache, then the same
 * range read back from the cache.
 *
 * The simulator runs in a child process, so what is measured here (event-loop stalls,
 * RSS, heap) is the console's main side only: the loader, its writer worker and SQLite.
 *
 *   npx tsx test/bench/history.ts               (worker: as the apps run)
 *   npx tsx test/bench/history.ts --in-thread   (the fallback, for comparison)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { signIn } from '../../main/core/api/auth';
import { createApi, createHttp } from '../../main/core/api';
import { openCache } from '../../main/core/cache';
import { HistoryService } from '../../main/core/history';
import { startSimulatorProcess } from './simulator-process';

const DAY = 86_400_000;

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

/** GC pauses on this thread (a stall the loop monitor sees, whoever caused it). */
function gcPauses() {
  const d: number[] = [];
  const obs = new PerformanceObserver((l) => {
    for (const e of l.getEntries()) d.push(e.duration);
  });
  obs.observe({ entryTypes: ['gc'] });
  return {
    take() {
      const r = { max: Math.round(Math.max(0, ...d) * 10) / 10, total: Math.round(d.reduce((a, b) => a + b, 0)) };
      d.length = 0;
      return r;
    },
    stop: () => obs.disconnect(),
  };
}

/**
 * The loop's delay with nothing to do: on a shared machine, the scheduler alone delays
 * timers; stalls above this are the code's own.
 */
async function idleDelay(ms: number): Promise<{ p99: number; max: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await new Promise((r) => setTimeout(r, ms));
  h.disable();
  return { p99: h.percentile(99), max: h.max };
}

export async function runHistoryBench(): Promise<Record<string, number>> {
  const sim = await startSimulatorProcess(['--objects', '3', '--dense', '1', '--history-hz', '1']);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-history-bench-'));
  const cache = openCache({ dataDir: dir, baseUrl: sim.baseUrl, login: 'demo' });
  try {
    const token = (await signIn(fetch, sim.baseUrl, 'demo', 'demo')).token;
    const http = createHttp({ baseUrl: sim.baseUrl, getToken: async () => token });
    // As the apps run it: windows parsed and stored by the ingest worker's entry.
    const inThread = process.argv.includes('--in-thread');
    const worker = { script: new URL('../../main/core/workers/entry.ts', import.meta.url), execArgv: ['--import', 'tsx', ...(process.env.BENCH_WORKER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WORKER_PROF}`] : [])] };
    const loader = new HistoryService({ api: createApi(http), cache, bus: { emit: () => {} }, ...(inThread ? {} : { worker }) });
    // Started now, as a connection does once its launch is over: the load below is timed without their boot.
    loader.startWorkers();
    const till = Math.floor(Date.now() / DAY) * DAY - DAY;
    const from = till - 30 * DAY;

    let peakRss = 0;
    let peakHeap = 0;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const idle = await idleDelay(2000);
    const gc = gcPauses();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const t0 = performance.now();
    const load = await loader.load(1, from, till);
    await loader.settled(load.loadId!);
    const coldMs = performance.now() - t0;
    delay.disable();
    clearInterval(sample);
    const coldGc = gc.take();

    const readDelay = monitorEventLoopDelay({ resolution: 5 });
    readDelay.enable();
    const t1 = performance.now();
    const read = await loader.read(1, from, till);
    const readMs = performance.now() - t1;
    readDelay.disable();
    const readGc = gc.take();
    gc.stop();
    const threaded = loader.threaded;
    loader.close();
    return {
      points: read.track.time.length,
      requests: loader.requests.length,
      coldCompleteMs: Math.round(coldMs),
      complete: read.coverage.complete ? 1 : 0,
      readFromCacheMs: Math.round(readMs),
      peakRssMB: Math.round(peakRss / 2 ** 20),
      peakHeapMB: Math.round(peakHeap / 2 ** 20),
      stallP99Ms: ms(delay.percentile(99)),
      stallMaxMs: ms(delay.max),
      gcPauseMaxMs: coldGc.max,
      gcPauseTotalMs: coldGc.total,
      readStallP99Ms: ms(readDelay.percentile(99)),
      readStallMaxMs: ms(readDelay.max),
      readGcPauseMaxMs: readGc.max,
      idleStallP99Ms: ms(idle.p99),
      idleStallMaxMs: ms(idle.max),
      threadedWrites: threaded ? 1 : 0,
    };
  } finally {
    cache.close();
    sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runHistoryBench().then(
    (r) => console.log(r),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
