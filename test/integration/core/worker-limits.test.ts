/**
 * A worker client's young-generation cap reaches the thread's own V8 (decision 0054): two
 * real threads of the worker entry, one capped as the ingest worker is, one left to V8's
 * default, read back through the client's heap figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INGEST_YOUNG_GENERATION_MB } from '../../../main/core/sync/ingest';
import { startRole } from '../../../main/core/workers/roles';
import type { WorkerClient } from '../../../main/core/workers/client';
import type { Roles } from '../../../main/core/workers/roles';
import { WORKER } from '../../support/worker-entry';

const MB = 1024 * 1024;

const open: { client: WorkerClient<Roles['tiles']>; dir: string }[] = [];
afterEach(async () => {
  for (const { client, dir } of open.splice(0)) {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function tileWorker(youngGenerationMb?: number): WorkerClient<Roles['tiles']> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-limits-'));
  const client = startRole(WORKER, { role: 'tiles', tilesDir: dir }, 'tile worker', { deferred: true, ...(youngGenerationMb ? { youngGenerationMb } : {}) });
  open.push({ client, dir });
  return client;
}

describe('worker memory limits', () => {
  it('a capped thread’s heap limit is lower by what its young generation gave up; a thread not started has no figures', async () => {
    const capped = tileWorker(INGEST_YOUNG_GENERATION_MB);
    const free = tileWorker();
    await expect(capped.heapStatistics()).resolves.toBeNull();
    capped.start();
    free.start();
    const [c, f] = await Promise.all([capped.heapStatistics(), free.heapStatistics()]);
    // The old generation's limit is the same for both; the heap limit is old plus young.
    const gaveUp = (f!.heap_size_limit - c!.heap_size_limit) / MB;
    // V8's default young generation depends on the machine's memory; the cap is in whole MB.
    expect(gaveUp).toBeGreaterThan(0);
    expect(Number.isInteger(gaveUp)).toBe(true);
  });
});
