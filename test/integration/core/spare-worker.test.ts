/**
 * A spare thread (workers/client.ts `startSpare`): booted in the ingest role before any
 * connection needs it, it is given its cache file by the first client that takes it, and that
 * client's requests are answered by it. Through the real entry, in real threads, on real
 * SQLite files.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { spareIngestWorker } from '../../../main/core/sync/ingest';
import type { Spare, WorkerClient } from '../../../main/core/workers/client';
import { startRole, type Roles } from '../../../main/core/workers/roles';
import { WORKER } from '../../support/worker-entry';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function dbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-spare-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'cache.sqlite');
}

/** A spare whose thread, once taken, is kept here too: the test counts what it answers. */
function watched(spare: Spare): { spare: Spare; taken: () => Worker | null } {
  let taken: Worker | null = null;
  return {
    spare: {
      take: () => (taken = spare.take()),
      close: () => spare.close(),
    },
    taken: () => taken,
  };
}

function client(file: string, spare?: Spare): WorkerClient<Roles['ingest']> {
  const c = startRole(WORKER, { role: 'ingest', dbFile: file }, 'ingest worker', spare ? { spare } : {});
  cleanup.push(() => c.close());
  return c;
}

describe('a spare ingest thread', () => {
  it('is taken by the first client, given its cache file, and answers its requests', async () => {
    const raw = spareIngestWorker(WORKER);
    cleanup.push(() => raw.close());
    const w = watched(raw);
    let answered = 0;
    const file = dbFile();
    const c = client(file, w.spare);
    w.taken()!.on('message', () => answered++);
    await expect(c.request('written', {})).resolves.toBeUndefined();
    expect(answered).toBe(1);
    // It opened the cache file it was given.
    expect(existsSync(file)).toBe(true);
    expect(c.starts).toBe(1);
    // Taken once: it is no one else's.
    expect(raw.take()).toBeNull();
  });

  it('ended before it is taken, leaves the client to start its own', async () => {
    const raw = spareIngestWorker(WORKER);
    await raw.close();
    const w = watched(raw);
    const c = client(dbFile(), w.spare);
    expect(w.taken()).toBeNull();
    await expect(c.request('written', {})).resolves.toBeUndefined();
    expect(c.starts).toBe(1);
  });

  it('that dies is followed by a thread of the client’s own, on the same file', async () => {
    const raw = spareIngestWorker(WORKER);
    cleanup.push(() => raw.close());
    const w = watched(raw);
    const c = client(dbFile(), w.spare);
    await c.request('written', {});
    await w.taken()!.terminate();
    await expect.poll(() => c.running).toBe(false);
    await expect(c.request('written', {})).resolves.toBeUndefined();
    expect(c.starts).toBe(2);
  });
});
