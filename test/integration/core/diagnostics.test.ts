import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DiagnosticsStats } from '../../../common/methods/diagnostics';
import { diagnosticsHandlers } from '../../../main/core/handlers/diagnostics';
import { startRole } from '../../../main/core/workers/roles';
import { WORKER } from '../../support/worker-entry';

/** The figures support and the bench read: real event-loop and scheduler counters of this process. */
describe('diagnostics/stats', () => {
  const stats = diagnosticsHandlers()['diagnostics/stats']!;
  const read = async (reset: boolean) => (await stats({ reset })) as DiagnosticsStats;
  let worker: Worker | undefined;
  afterAll(() => worker?.terminate());

  it.skipIf(process.platform !== 'linux')('counts the main thread\'s own CPU, not other threads\'', async () => {
    await read(true);
    // Another thread spinning for a while is not this thread's work.
    worker = new Worker('const end = Date.now() + 300; while (Date.now() < end);', { eval: true });
    await new Promise((r) => worker!.once('exit', r));
    const idle = await read(true);
    expect(idle.thread).not.toBeNull();
    // This thread spinning is: keep going until its counter says so (bounded).
    let busy = idle;
    for (const end = Date.now() + 5_000; Date.now() < end && busy.thread!.cpuMs < 50; ) {
      const spin = Date.now() + 20;
      while (Date.now() < spin);
      busy = await read(false);
    }
    expect(busy.thread!.cpuMs).toBeGreaterThanOrEqual(50);
    // The worker's 300 ms of spinning would show here if the figure were the whole process's.
    expect(idle.thread!.cpuMs).toBeLessThan(150);
    expect(busy.thread!.queuedMs).toBeGreaterThanOrEqual(0);
  });

  /** Lets the monitors' 5 ms timers run, so the gap just made is measured. */
  const settle = () => new Promise((r) => setTimeout(r, 30));
  const cpuUs = () => {
    const u = process.threadCpuUsage();
    return u.user + u.system;
  };

  it('tells the loop held by this thread\'s work from the loop stalled while it waits', async () => {
    await read(true);
    await settle();
    // Blocked without running (as when every core is taken): a stall, but not this thread's work.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60);
    await settle();
    const waited = await read(true);
    expect(waited.loopHeld, 'Node 22.15+ reads a thread\'s CPU time').not.toBeNull();
    expect(waited.eventLoop.max).toBeGreaterThanOrEqual(50);
    expect(waited.loopHeld!.max).toBeLessThan(10);
    // Running for 40 ms of its own CPU time in one go (bounded in wall time on a busy machine).
    const start = cpuUs();
    for (const end = Date.now() + 2_000; Date.now() < end && cpuUs() - start < 40_000; );
    await settle();
    const held = await read(true);
    expect(held.loopHeld!.max).toBeGreaterThanOrEqual(35);
    expect(held.loopHeld!.samples).toBeGreaterThan(0);
  });

  it('lists each running worker thread\'s heap by its name, and forgets a closed one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-diag-'));
    const tiles = startRole(WORKER, { role: 'tiles', tilesDir: dir }, 'tile worker', { deferred: true });
    try {
      expect((await read(false)).threads.filter((t) => t.name === 'tile worker')).toEqual([]);
      tiles.start();
      const [mine] = (await read(false)).threads.filter((t) => t.name === 'tile worker');
      expect(mine!.heapUsed).toBeGreaterThan(1024 * 1024);
      expect(mine!.heapTotal).toBeGreaterThanOrEqual(mine!.heapUsed);
      await tiles.close();
      expect((await read(false)).threads.filter((t) => t.name === 'tile worker')).toEqual([]);
    } finally {
      await tiles.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
