import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import type { DiagnosticsStats } from '../../../common/methods/diagnostics';
import { diagnosticsHandlers } from '../../../main/core/handlers/diagnostics';

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
});
