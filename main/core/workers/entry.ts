/**
 * The worker entry: every worker thread runs this file, in the role its workerData names
 * (roles.ts). Each user of a role starts its own instance (the poll ingestor one, each
 * connection's history writer and reader two more, the app one tile loader), so a month of
 * history never queues ahead of a status poll, and a read never waits behind a window being
 * parsed. The ingestor and the history writer also fetch the bodies they store and keep them
 * (fetch.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCache, openDb, type Cache } from '../cache';
import { warmSketch } from '../history/sketch';
import { historyReaderHandlers, historyWriterHandlers } from '../history/writer';
import { ingestHandlers } from '../sync/ingest';
import { tileHandlers } from '../tiles/worker';
import { fetchRole } from './fetch';
import type { DataOf, Role, Roles, WorkerData } from './roles';
import { serveWorker, type Port, type Served } from './serve';
import { lowerThreadPriority } from './thread-priority';

const openCache = (dbFile: string): Cache => createCache(openDb(dbFile), dbFile);

/**
 * How each role is served. The poll ingestor (once its first read is done) and the history
 * writer run at background priority (thread-priority.ts): their work can wait for the
 * foreground. The history reader answers a screen that is waiting, so it keeps normal priority.
 */
const serving: { [R in Role]: (d: DataOf<R>) => Served<Roles[R]> } = {
  ingest: ({ dbFile }) => {
    const cache = openCache(dbFile);
    const fetch = fetchRole();
    return {
      handlers: { ...fetch.handlers, ...ingestHandlers(cache, fetch.held) },
      cancelled: fetch.held.drop,
      // The first request at launch, the read of the stored positions, is what a window
      // opening then waits for: it runs at full priority, and the thread steps back after it.
      afterFirst: lowerThreadPriority,
    };
  },
  'history-writer': ({ dbFile }) => {
    lowerThreadPriority();
    const cache = openCache(dbFile);
    const fetch = fetchRole();
    return { handlers: { ...fetch.handlers, ...historyWriterHandlers(cache, fetch.held) }, cancelled: fetch.held.drop };
  },
  'history-reader': ({ dbFile }) => ({ handlers: historyReaderHandlers(openCache(dbFile)) }),
  tiles: ({ tilesDir }) => ({ handlers: tileHandlers({ dataDir: tilesDir }) }),
};

function serve(port: Port, data: WorkerData): void {
  // One case per role, so each role's data and handlers keep their own types.
  switch (data.role) {
    case 'ingest':
      return serveWorker(port, 'ingest worker', serving.ingest(data));
    case 'history-writer':
      return serveWorker(port, 'history writer', serving['history-writer'](data));
    case 'history-reader':
      serveWorker(port, 'history reader', serving['history-reader'](data));
      // The first draw's code, warmed while the screen's first read is on its way (history/sketch.ts).
      warmSketch();
      return;
    case 'tiles':
      return serveWorker(port, 'tile worker', serving.tiles(data));
  }
}

const data: WorkerData = workerData;
serve(parentPort!, data);
