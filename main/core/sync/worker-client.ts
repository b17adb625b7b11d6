/**
 * The main side of a worker started from the worker entry (sync/ingest-worker.ts): numbered
 * requests, replies matched by id ({ id, result } or { id, error: { code, message } }),
 * and every pending request failed when the worker dies or is closed.
 */
import { Worker } from 'node:worker_threads';
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
import type { IngestWorkerScript } from './ingest';

export interface WorkerClient {
  /**
   * Sends what `make` builds for a fresh id. When `signal` aborts, the worker is sent
   * `{ id, kind: cancelKind }` (the request's own work decides when to stop).
   */
  request<T>(make: (id: number) => { msg: object; transfer?: ArrayBuffer[] }, signal?: AbortSignal): Promise<T>;
  close(): Promise<void>;
}

export function startWorkerClient(script: IngestWorkerScript, workerData: object, name: string, cancelKind = 'cancel'): WorkerClient {
  const worker = new Worker(script.script, { workerData, ...(script.execArgv ? { execArgv: script.execArgv } : {}) });
  worker.unref();
  const pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  const failAll = (e: Error) => {
    dead ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: { id: number; result?: unknown; error?: { code: ErrorCode | null; message: string } }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (!m.error) p.resolve(m.result);
    else p.reject(m.error.code ? new FleetError(m.error.code, m.error.message) : new Error(m.error.message));
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`The ${name} stopped (exit ${code})`)));
  return {
    request<T>(make: (id: number) => { msg: object; transfer?: ArrayBuffer[] }, signal?: AbortSignal): Promise<T> {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      const { msg, transfer } = make(id);
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => worker.postMessage({ id, kind: cancelKind });
        signal?.addEventListener('abort', onAbort, { once: true });
        const settle = () => signal?.removeEventListener('abort', onAbort);
        pending.set(id, {
          resolve: (r) => {
            settle();
            resolve(r as T);
          },
          reject: (e) => {
            settle();
            reject(e);
          },
        });
        worker.postMessage(msg, transfer ?? []);
      });
    },
    async close() {
      failAll(new Error(`The ${name} was closed`));
      await worker.terminate();
    },
  };
}

/** A worker's reply to a request that failed: its FleetError code kept, if it had one. */
export function errorReply(id: number, e: unknown): { id: number; error: { code: ErrorCode | null; message: string } } {
  return { id, error: { code: isFleetError(e) ? e.code : null, message: e instanceof Error ? e.message : String(e) } };
}
