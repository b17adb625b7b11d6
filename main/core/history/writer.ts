/**
 * Who turns a fetched POST /api/ObjectsHistory body into stored rows.
 *
 * Parsing a 1 Hz day blocks for ~100 ms and committing its track, sensors and coverage
 * for tens of ms more (measured: 8–66 ms per 18k-point commit under load, plus WAL
 * checkpoints), so on the main thread a cold month stalls the loop far past its 10 ms
 * budget. The apps therefore run both in a worker thread with its own better-sqlite3
 * connection to the same WAL file: the main thread transfers the body's bytes (no copy)
 * and gets back a few numbers; readers see the rows at their next statement.
 *
 * The worker is another instance of the poll ingest worker's entry
 * (sync/ingest-worker.ts, built as out/main/ingest-worker.js), which also serves these
 * messages: one entry file to bundle and to run under tsx, and its own thread, so a
 * month of history never delays a status poll. Without a worker script (tests,
 * diagnostics) the same parse and store run in-thread.
 */
import { Worker } from 'node:worker_threads';
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
import type { Cache } from '../cache';
import type { IngestWorkerScript } from '../sync/ingest';
import { parseHistoryBody, transferable } from './parse-track';
import { storeWindow } from './store';

/** The window a body answers, and what of it may be recorded as covered. */
export interface WindowInfo {
  objectId: number;
  from: number;
  till: number;
  coveredTill: number;
  fetchedAt: number;
}

export interface WindowStored {
  /** False when stopped before the end (nothing recorded as covered). */
  stored: boolean;
  points: number;
}

export interface HistoryWriter {
  /**
   * Parses and stores one body. The bytes may be detached (transferred) on return.
   * A body that is not a history answer rejects with `server_error`.
   */
  store(bytes: Uint8Array, w: WindowInfo, signal: AbortSignal): Promise<WindowStored>;
  /** Whether the work runs in a worker thread. */
  readonly threaded: boolean;
  close(): Promise<void>;
}

const ENDPOINT = 'POST /api/ObjectsHistory';

function unreadable(e: unknown): FleetError {
  if (isFleetError(e)) return e;
  return new FleetError('server_error', `${ENDPOINT}: the answer could not be read (${e instanceof Error ? e.message : String(e)})`);
}

/** The whole window on this thread: both sides of the worker run this. */
async function storeHere(cache: Cache, bytes: Uint8Array, w: WindowInfo, stopped: () => boolean): Promise<WindowStored> {
  let parsed;
  try {
    parsed = parseHistoryBody(bytes);
  } catch (e) {
    throw unreadable(e);
  }
  const stored = await storeWindow(cache, { ...w, stopped }, parsed);
  return { stored, points: parsed.track.time.length };
}

export function inThreadHistoryWriter(cache: Cache): HistoryWriter {
  return {
    threaded: false,
    store: (bytes, w, signal) => storeHere(cache, bytes, w, () => signal.aborted || !cache.db.open),
    close: async () => {},
  };
}

export interface HistoryStoreRequest extends WindowInfo {
  id: number;
  kind: 'history';
  buf: ArrayBuffer;
}
export interface HistoryCancelRequest {
  id: number;
  kind: 'history-cancel';
}
export type HistoryReply =
  | { id: number; result: WindowStored }
  | { id: number; error: { code: ErrorCode | null; message: string } };

/**
 * A worker owning its own connection to `dbFile`. Windows are sent as they arrive (at
 * most a load's in-flight count); an aborted one is told to stop at its next batch.
 */
export function workerHistoryWriter(script: IngestWorkerScript, dbFile: string): HistoryWriter {
  const worker = new Worker(script.script, { workerData: { dbFile }, ...(script.execArgv ? { execArgv: script.execArgv } : {}) });
  worker.unref();
  const pending = new Map<number, { resolve: (r: WindowStored) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  const failAll = (e: Error) => {
    dead ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: HistoryReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if ('result' in m) p.resolve(m.result);
    else p.reject(m.error.code ? new FleetError(m.error.code, m.error.message) : new Error(m.error.message));
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`The history writer stopped (exit ${code})`)));
  return {
    threaded: true,
    store(bytes, w, signal) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      const buf = transferable(bytes);
      return new Promise<WindowStored>((resolve, reject) => {
        const onAbort = () => worker.postMessage({ id, kind: 'history-cancel' } satisfies HistoryCancelRequest);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.set(id, {
          resolve: (r) => {
            signal.removeEventListener('abort', onAbort);
            resolve(r);
          },
          reject: (e) => {
            signal.removeEventListener('abort', onAbort);
            reject(e);
          },
        });
        const req: HistoryStoreRequest = { id, kind: 'history', buf, ...pick(w) };
        worker.postMessage(req, [buf]);
      });
    },
    async close() {
      failAll(new Error('The history writer was closed'));
      // Whatever batch is open is rolled back with the worker's connection; coverage
      // comes last, so that window is simply fetched again.
      await worker.terminate();
    },
  };
}

const pick = (w: WindowInfo): WindowInfo => ({
  objectId: w.objectId,
  from: w.from,
  till: w.till,
  coveredTill: w.coveredTill,
  fetchedAt: w.fetchedAt,
});

interface Port {
  on(ev: 'message', cb: (m: { kind?: unknown }) => void): void;
  postMessage(m: HistoryReply): void;
}

/** The worker side, called from sync/ingest-worker.ts: kept here so both sides change together. */
export function serveHistory(cache: Cache, port: Port): void {
  const cancelled = new Set<number>();
  port.on('message', (m) => {
    if (m.kind === 'history-cancel') {
      cancelled.add((m as HistoryCancelRequest).id);
      return;
    }
    if (m.kind !== 'history') return;
    const { id, buf, ...w } = m as HistoryStoreRequest;
    storeHere(cache, new Uint8Array(buf), pick(w), () => cancelled.has(id))
      .then(
        (result) => port.postMessage({ id, result }),
        (e: unknown) =>
          port.postMessage({ id, error: { code: isFleetError(e) ? e.code : null, message: e instanceof Error ? e.message : String(e) } }),
      )
      .finally(() => cancelled.delete(id));
  });
}
