/**
 * The main side of a worker started from the worker entry (sync/ingest-worker.ts): numbered
 * requests, replies matched by id ({ id, result } or { id, error: { code, message } }).
 *
 * A worker that dies (an 'error' or 'exit' not asked for by close()) fails its pending
 * requests, and the next request starts a fresh one: a control-room console must not sit
 * offline until the session is reopened because one thread crashed. A worker that keeps
 * dying is not started again for a while (restart-budget.ts), so a crash loop does not
 * spin a thread up for every poll and tile.
 */
import { Worker } from 'node:worker_threads';
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
// The ingest worker's types close a circle through ingest.ts; it goes with the worker protocol's rewrite (issue 22).
// eslint-disable-next-line fleet/no-import-circle
import type { IngestWorkerScript } from './ingest';
import { RESTART_POLICY, restartBudget, type RestartPolicy } from './restart-budget';

export interface WorkerClient {
  /**
   * Sends what `make` builds for a fresh id. When `signal` aborts, the worker is sent
   * `{ id, kind: cancelKind }` (the request's own work decides when to stop).
   */
  request<T>(make: (id: number) => { msg: object; transfer?: ArrayBuffer[] }, signal?: AbortSignal): Promise<T>;
  close(): Promise<void>;
  /**
   * Workers started so far. When it changed, the one answering kept nothing of the one
   * before: no memory, no held bodies. Read inside `make` to learn which one a request goes to.
   */
  readonly starts: number;
  /** A worker is running now: false after it died (until the next request starts one) or was closed. */
  readonly running: boolean;
}

interface Pending {
  resolve: (r: unknown) => void;
  reject: (e: unknown) => void;
}
interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
}

export function startWorkerClient(
  script: IngestWorkerScript,
  workerData: object,
  name: string,
  cancelKind = 'cancel',
  policy: RestartPolicy = RESTART_POLICY,
): WorkerClient {
  const budget = restartBudget(policy);
  let current: Running | null = null;
  let closed: Error | null = null;
  let lastDeath: Error | null = null;
  let starts = 0;
  let nextId = 1;

  const start = (): Running => {
    const worker = new Worker(script.script, { workerData, ...(script.execArgv ? { execArgv: script.execArgv } : {}) });
    worker.unref();
    starts++;
    const run: Running = { worker, pending: new Map() };
    // Each listener belongs to its own worker: a late 'exit' of an old one leaves the new one alone.
    const died = (e: Error) => {
      if (current !== run) return;
      current = null;
      failAll(run, e);
      lastDeath = e;
      budget.died();
    };
    worker.on('message', (m: { id: number; result?: unknown; error?: { code: ErrorCode | null; message: string } }) => {
      const p = run.pending.get(m.id);
      if (!p) return;
      run.pending.delete(m.id);
      if (!m.error) p.resolve(m.result);
      else p.reject(m.error.code ? new FleetError(m.error.code, m.error.message) : new Error(m.error.message));
    });
    worker.on('error', (e) => died(new Error(`The ${name} failed: ${e.message}`, { cause: e })));
    worker.on('exit', (code) => died(new Error(`The ${name} stopped (exit ${code})`)));
    return run;
  };

  const failAll = (run: Running, e: Error) => {
    for (const p of run.pending.values()) p.reject(e);
    run.pending.clear();
  };

  /** The running worker, a fresh one if the last died, or why there is none. */
  const running = (): Running | Error => {
    if (closed) return closed;
    if (current) return current;
    const wait = budget.waitMs();
    if (wait !== null) {
      const reason = lastDeath ? ` Last: ${lastDeath.message}.` : '';
      return new Error(
        `The ${name} kept stopping (${budget.recent} times within ${Math.round(policy.windowMs / 1000)} s); it is not started again for ${Math.ceil(wait / 1000)} s.${reason}`,
      );
    }
    try {
      current = start();
    } catch (e) {
      // A worker that cannot even be constructed counts as one that died at once.
      lastDeath = new Error(`The ${name} could not start: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      budget.died();
      return lastDeath;
    }
    return current;
  };

  current = start();

  return {
    request<T>(make: (id: number) => { msg: object; transfer?: ArrayBuffer[] }, signal?: AbortSignal): Promise<T> {
      const run = running();
      if (run instanceof Error) return Promise.reject(run);
      const id = nextId++;
      const { msg, transfer } = make(id);
      return new Promise<T>((resolve, reject) => {
        // Only the worker that has the request can cancel it; a dead one already failed it.
        const onAbort = () => {
          if (run.pending.has(id)) run.worker.postMessage({ id, kind: cancelKind });
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const settle = () => signal?.removeEventListener('abort', onAbort);
        run.pending.set(id, {
          resolve: (r) => {
            settle();
            resolve(r as T);
          },
          reject: (e) => {
            settle();
            reject(e);
          },
        });
        run.worker.postMessage(msg, transfer ?? []);
      });
    },
    async close() {
      closed ??= new Error(`The ${name} was closed`);
      const run = current;
      current = null;
      if (!run) return;
      failAll(run, closed);
      await run.worker.terminate();
    },
    get starts() {
      return starts;
    },
    get running() {
      return current !== null;
    },
  };
}

/** A worker's reply to a request that failed: its FleetError code kept, if it had one. */
export function errorReply(id: number, e: unknown): { id: number; error: { code: ErrorCode | null; message: string } } {
  return { id, error: { code: isFleetError(e) ? e.code : null, message: e instanceof Error ? e.message : String(e) } };
}
