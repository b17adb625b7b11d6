/**
 * Turning a status poll's body into stored rows and a delta. At 50,000 objects the body
 * is megabytes of JSON and the diff touches every row: 100+ ms of synchronous work that
 * must not run on the event loop answering the renderer (DESIGN.md: 10 ms budget). So
 * the poll fetches text, and an ingestor decodes, normalises, diffs and stores it:
 * in a worker thread in the apps, in-thread where no worker script is given (tests).
 */
import { Worker } from 'node:worker_threads';
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
import type { ObjectsStatus } from '../../../common/resources';
import { parseObjectsStatus } from '../api/status';
import { decodeBodyDetailed } from '../api/tolerant';
import type { StatusChanges, StatusRepo } from '../cache';

export const STATUS_ENDPOINT = 'GET /api/ObjectsStatus';

export function decodeStatus(text: string): ObjectsStatus {
  const { value, repaired } = decodeBodyDetailed(text, STATUS_ENDPOINT);
  // A repaired truncation may silently drop objects: better to skip this poll.
  if (repaired === 'truncated') throw new FleetError('server_error', `${STATUS_ENDPOINT}: the answer was cut short`);
  return parseObjectsStatus(value, STATUS_ENDPOINT);
}

export interface StatusIngestor {
  /** Stores the poll and returns what changed; the main thread's repository already reflects it. */
  ingest(text: string, fetchedAt: number): Promise<StatusChanges>;
  close(): Promise<void>;
}

export function inThreadIngestor(repo: StatusRepo): StatusIngestor {
  return {
    ingest: async (text, fetchedAt) => repo.ingest(decodeStatus(text), fetchedAt),
    close: async () => {},
  };
}

export interface StatusWorkerScript {
  /** The worker entry (built: out/main/status-worker.js). */
  script: URL | string;
  /** E.g. ['--import', 'tsx'] to run the TypeScript entry from sources. */
  execArgv?: string[];
}

type WorkerReply = { id: number; changes: StatusChanges } | { id: number; error: { code: ErrorCode | null; message: string } };

/**
 * The worker owns its own connection to the cache file (WAL lets both read); the main
 * thread's StatusRepo mirrors each change set so its reads stay current.
 */
export function workerIngestor(w: StatusWorkerScript, dbFile: string, mainRepo: StatusRepo): StatusIngestor {
  const worker = new Worker(w.script, { workerData: { dbFile }, ...(w.execArgv ? { execArgv: w.execArgv } : {}) });
  worker.unref();
  const pending = new Map<number, { resolve: (c: StatusChanges) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  const failAll = (e: Error) => {
    dead = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: WorkerReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if ('changes' in m) {
      mainRepo.remember(m.changes);
      p.resolve(m.changes);
    } else {
      p.reject(m.error.code ? new FleetError(m.error.code, m.error.message) : new Error(m.error.message));
    }
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`The status worker stopped (exit ${code})`)));
  return {
    ingest(text, fetchedAt) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, text, fetchedAt });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** The worker side, called from status-worker.ts: kept here so both sides change together. */
export function serveIngest(repo: StatusRepo, port: { on(ev: 'message', cb: (m: { id: number; text: string; fetchedAt: number }) => void): void; postMessage(m: WorkerReply): void }) {
  port.on('message', ({ id, text, fetchedAt }) => {
    try {
      port.postMessage({ id, changes: repo.ingest(decodeStatus(text), fetchedAt) });
    } catch (e) {
      port.postMessage({ id, error: { code: isFleetError(e) ? e.code : null, message: e instanceof Error ? e.message : String(e) } });
    }
  });
}
