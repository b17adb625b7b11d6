/**
 * The main side of a worker started from the worker entry (entry.ts): numbered requests
 * named by their role's message map (protocol.ts), replies matched by id.
 *
 * A worker that dies (an 'error' or 'exit' not asked for by close()) fails its pending
 * requests, and the next request starts a fresh one: a control-room console must not sit
 * offline until the session is reopened because one thread crashed. A worker that keeps
 * dying is not started again for a while (restart-budget.ts), so a crash loop does not
 * spin a thread up for every poll and tile.
 */
import type { HeapInfo } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { FleetError } from '../../../common/errors';
import type { ThreadHeap } from '../../../common/methods/diagnostics';
import { CANCEL, type MessageMap, type ReplyOf, type RequestOf, type WireReply, type WorkerScript } from './protocol';
import { RESTART_POLICY, restartBudget, type RestartPolicy } from './restart-budget';

export interface RequestOptions {
  /** Buffers of the request to hand over rather than copy. */
  transfer?: ArrayBuffer[];
  /** Aborting sends the worker `{ id, kind: CANCEL }` (the request's own work decides when to stop). */
  signal?: AbortSignal;
}

export interface WorkerClient<M extends MessageMap> {
  /**
   * Sends `kind` with its fields. Given a function, the fields are built once it is known
   * which worker the request goes to: it is passed `starts` as it is then.
   */
  request<K extends keyof M & string>(kind: K, fields: RequestOf<M, K> | ((worker: number) => RequestOf<M, K>), o?: RequestOptions): Promise<ReplyOf<M, K>>;
  close(): Promise<void>;
  /**
   * Workers started so far. When it changed, the one answering kept nothing of the one
   * before: no memory, no held bodies.
   */
  readonly starts: number;
  /** A worker is running now: false before a deferred one's start, after it died (until the next request starts one) or was closed. */
  readonly running: boolean;
  /** Starts the worker now if none runs (a deferred one, or one that died): its boot is then not paid by the next request. */
  start(): void;
  /** The running worker's V8 heap figures (as `v8.getHeapStatistics()` gives them inside it), null when none runs. */
  heapStatistics(): Promise<HeapInfo | null>;
}

export interface ClientOptions {
  policy?: RestartPolicy;
  /** No thread until the first request or start(): a role nobody needs at launch leaves the cores to those a screen waits on. */
  deferred?: boolean;
  /**
   * The most V8's young generation may grow to, MB (two semi-spaces and the new large
   * objects, a third each). Left alone, a thread that decodes big bodies grows it to its
   * default, 192 MB, and keeps two thirds of it committed while it idles.
   */
  youngGenerationMb?: number;
  /**
   * A thread already booted in this role (`startSpare`, made with the same options): the first
   * start takes it, if it still runs, instead of starting one, so its boot is not paid then.
   */
  spare?: Spare;
}

/** A worker thread booted in a role with its code loaded, waiting for the data of the client that takes it. */
export interface Spare {
  /** The thread, once: null when taken already or when it ended. */
  take(): Worker | null;
  /** Ends it, unless a client took it. */
  close(): Promise<void>;
}

/** The message that gives a spare its data (entry.ts): the first it is sent. */
export interface Adoption {
  adopt: object;
}

function newWorker(script: WorkerScript, workerData: object, o: ClientOptions): Worker {
  const worker = new Worker(script.script, {
    workerData,
    ...(script.execArgv ? { execArgv: script.execArgv } : {}),
    ...(o.youngGenerationMb ? { resourceLimits: { maxYoungGenerationSizeMb: o.youngGenerationMb } } : {}),
  });
  worker.unref();
  return worker;
}

/**
 * Boots a thread in `role` before anyone needs it (entry.ts loads the role's code, then waits
 * for its data): a sign-in's first request then finds it ready. `o` must be the options of the
 * client that will take it (its young generation is fixed at the thread's start).
 */
export function startSpare(script: WorkerScript, role: string, o: ClientOptions = {}): Spare {
  let worker: Worker | null = newWorker(script, { spare: role }, o);
  const spare = worker;
  spare.once('exit', () => {
    if (worker === spare) worker = null;
  });
  // A spare that fails before it is taken is simply not used.
  spare.on('error', () => {});
  return {
    take() {
      const w = worker;
      worker = null;
      return w;
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/** The clients not yet closed, for the process's diagnostics (`workerHeaps`). */
const openClients = new Set<{ name: string; heap: () => Promise<HeapInfo | null> }>();

/** The V8 heap of every running worker thread, by its name (what `diagnostics/stats` reports beside the main thread's). */
export async function workerHeaps(): Promise<ThreadHeap[]> {
  const all = await Promise.all([...openClients].map(async (c) => ({ name: c.name, h: await c.heap() })));
  return all.flatMap(({ name, h }) => (h ? [{ name, heapUsed: h.used_heap_size, heapTotal: h.total_heap_size }] : []));
}

/** Requests are plain objects, so a function is the builder form. */
function isBuilder<Q>(f: Q | ((worker: number) => Q)): f is (worker: number) => Q {
  return typeof f === 'function';
}

interface Pending {
  resolve: (r: unknown) => void;
  reject: (e: unknown) => void;
}
interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Settles when the thread runs its code, or ends before it could. */
  online: Promise<void>;
}

export function startWorkerClient<M extends MessageMap>(script: WorkerScript, workerData: object, name: string, o: ClientOptions = {}): WorkerClient<M> {
  const policy = o.policy ?? RESTART_POLICY;
  const budget = restartBudget(policy);
  let current: Running | null = null;
  let closed: Error | null = null;
  let lastDeath: Error | null = null;
  let starts = 0;
  let nextId = 1;

  let spare = o.spare;
  const start = (): Running => {
    // Only the first start may take the spare: a thread started after a death starts afresh.
    const taken = spare?.take() ?? null;
    spare = undefined;
    const worker = taken ?? newWorker(script, workerData, o);
    // Sent before any request, so it is the first message the spare reads.
    if (taken) taken.postMessage({ adopt: workerData } satisfies Adoption);
    starts++;
    const online = taken
      ? Promise.resolve()
      : new Promise<void>((settle) => {
          worker.once('online', settle);
          worker.once('exit', () => settle());
        });
    const run: Running = { worker, pending: new Map(), online };
    // Each listener belongs to its own worker: a late 'exit' of an old one leaves the new one alone.
    const died = (e: Error) => {
      if (current !== run) return;
      current = null;
      failAll(run, e);
      lastDeath = e;
      budget.died();
    };
    worker.on('message', (m: WireReply) => {
      const p = run.pending.get(m.id);
      if (!p) return;
      run.pending.delete(m.id);
      if ('result' in m) p.resolve(m.result);
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

  if (!o.deferred) current = start();

  const heapStatistics = async (): Promise<HeapInfo | null> => {
    const run = current;
    if (!run) return null;
    await run.online;
    // A thread that ended meanwhile has no figures.
    return run.worker.getHeapStatistics().catch(() => null);
  };
  const entry = { name, heap: heapStatistics };
  openClients.add(entry);

  return {
    request(kind, fields, o = {}) {
      type R = ReplyOf<M, typeof kind>;
      const run = running();
      if (run instanceof Error) return Promise.reject(run);
      const id = nextId++;
      const msg = { ...(isBuilder(fields) ? fields(starts) : fields), id, kind };
      const { signal, transfer } = o;
      return new Promise<R>((resolve, reject) => {
        // Only the worker that has the request can cancel it; a dead one already failed it.
        const onAbort = () => {
          if (run.pending.has(id)) run.worker.postMessage({ id, kind: CANCEL });
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const settle = () => signal?.removeEventListener('abort', onAbort);
        run.pending.set(id, {
          resolve: (r) => {
            settle();
            // The worker answered this request with its handler's reply (serve.ts): the type the map gives it.
            resolve(r as R);
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
      openClients.delete(entry);
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
    heapStatistics,
    start() {
      running();
    },
  };
}
