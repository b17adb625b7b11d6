/**
 * The worker entry: every worker thread runs this file, in the role its workerData names
 * (roles.ts). Each user of a role starts its own instance (the poll ingestor one, each
 * connection's history writer and reader two more, the app one tile loader), so a month of
 * history never queues ahead of a status poll, and a read never waits behind a window being
 * parsed. The ingestor and the history writer also fetch the bodies they store and keep them
 * (fetch.ts).
 */
import { flushCompileCache } from 'node:module';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Cache } from '../cache';
import type { Adoption } from './client';
import type { DataOf, Role, Roles, WorkerData } from './roles';
import { serveWorker, type Port, type Served } from './serve';
import { lowerThreadPriority } from './thread-priority';

/**
 * Each role loads only its own code: a thread that compiled and ran every role's modules (the
 * tile loader the poll ingestor's schemas, and so on) spent a few hundred ms of CPU at launch,
 * just when the window and the first reads need it.
 */
async function openCache(dbFile: string): Promise<Cache> {
  const { createCache, openDb } = await import('../cache');
  return createCache(openDb(dbFile), dbFile);
}

/** How long the poll ingestor keeps full priority at launch if no window asks for the positions. */
const STEP_BACK_AFTER_MS = 10_000;

/**
 * How each role is served. The poll ingestor (once its first read is done) and the history
 * writer run at background priority (thread-priority.ts): their work can wait for the
 * foreground. The history reader answers a screen that is waiting, so it keeps normal priority.
 */
/** The ingest role's code: loaded when it starts, or ahead of its data by a spare. */
const ingestCode = () => Promise.all([import('../cache'), import('./fetch'), import('../sync/ingest')]);

const serving: { [R in Role]: (d: DataOf<R>) => Promise<Served<Roles[R]>> } = {
  ingest: async ({ dbFile }) => {
    const [cache, [{ spoolPrefixOf }, { fetchRole, HOLD_MS }, { ingestHandlers }]] = await Promise.all([openCache(dbFile), ingestCode()]);
    // The object list and the profile are put down beside the cache as they arrive (decision 0060).
    const fetch = fetchRole(HOLD_MS, spoolPrefixOf(dbFile));
    // A window opening at launch waits for the stored positions: their read and the window's
    // first snapshot of them run at full priority, and the thread steps back after that
    // snapshot (or after a while, if no window asks; lowering twice changes nothing).
    setTimeout(lowerThreadPriority, STEP_BACK_AFTER_MS).unref();
    return {
      handlers: { ...fetch.handlers, ...ingestHandlers(cache, fetch.held) },
      cancelled: fetch.held.drop,
      afterFirst: lowerThreadPriority,
      firstKind: 'snapshot',
    };
  },
  'history-writer': async ({ dbFile }) => {
    lowerThreadPriority();
    const [cache, { fetchRole }, { historyWriterHandlers }] = await Promise.all([openCache(dbFile), import('./fetch'), import('../history/writer')]);
    const fetch = fetchRole();
    return { handlers: { ...fetch.handlers, ...historyWriterHandlers(cache, fetch.held) }, cancelled: fetch.held.drop };
  },
  'history-reader': async ({ dbFile }) => {
    const [cache, { historyReaderHandlers }] = await Promise.all([openCache(dbFile), import('../history/writer')]);
    return { handlers: historyReaderHandlers(cache) };
  },
  tiles: async ({ tilesDir }) => {
    const { tileHandlers } = await import('../tiles/worker');
    return { handlers: tileHandlers({ dataDir: tilesDir }) };
  },
};

/** Requests sent while the role's code loads wait in the port: it delivers them once the role listens. */
async function serve(port: Port, data: WorkerData): Promise<void> {
  // One case per role, so each role's data and handlers keep their own types.
  switch (data.role) {
    case 'ingest':
      return serveWorker(port, 'ingest worker', await serving.ingest(data));
    case 'history-writer':
      return serveWorker(port, 'history writer', await serving['history-writer'](data));
    case 'history-reader': {
      serveWorker(port, 'history reader', await serving['history-reader'](data));
      // The first draw's code, warmed while the screen's first read is on its way (history/sketch.ts).
      const { warmSketch } = await import('../history/sketch');
      warmSketch();
      return;
    }
    case 'tiles':
      return serveWorker(port, 'tile worker', await serving.tiles(data));
  }
}

/** What a spare (client.ts `startSpare`) loads before it is given its data: the code its role's first requests run, Node's fetch, and the first bodies' checks compiled. */
const preload: Partial<Record<Role, () => Promise<unknown>>> = {
  ingest: async () => {
    const [, { loadFetch }, { compileFirstBodyChecks }] = await ingestCode();
    loadFetch();
    compileFirstBodyChecks();
  },
};

/** A spare's data, from the first message its client sends, once its role's code is loaded. */
async function adopted(port: MessagePort, role: Role): Promise<WorkerData> {
  await preload[role]?.();
  return new Promise((resolve) => port.once('message', (m: Adoption) => resolve(m.adopt as WorkerData)));
}

const given = workerData as WorkerData | { spare: Role };
const data: WorkerData = 'spare' in given ? await adopted(parentPort!, given.spare) : given;
// A role that cannot start (its cache will not open) fails this thread: its client fails the requests and starts another.
await serve(parentPort!, data);
// The role's compiled code is kept now (when the host turned the compile cache on): a thread
// that is terminated, as every worker is when the host stops, never reaches the write at exit.
flushCompileCache();
