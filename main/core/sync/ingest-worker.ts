/**
 * Worker entry: ingests big poll bodies and history windows into the cache file named by
 * workerData. Each user starts its own instance (the poll ingestor one, each connection's
 * history writer and reader two more), so a month of history never queues ahead of a
 * status poll, and a read never waits behind a window being parsed. The poll ingestor and
 * the history writer also fetch the bodies they store and keep them (worker-fetch.ts). Priorities and
 * warm-up by role: EntryData. Given `tilesDir` instead, the instance is the tile loader
 * (tiles/worker.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCache, openDb } from '../cache';
import { warmSketch } from '../history/sketch';
import { serveHistory } from '../history/writer';
import { serveTiles, type TileWorkerData } from '../tiles/worker';
import { serveIngest, type EntryData } from './ingest';
import { lowerThreadPriority } from './thread-priority';
import { FETCH_CANCEL, serveFetch } from './worker-fetch';

const data = workerData as EntryData | TileWorkerData;
if ('tilesDir' in data) {
  serveTiles(parentPort!, { dataDir: data.tilesDir });
} else {
  if (data.role !== 'history-reader') lowerThreadPriority();
  const cache = createCache(openDb(data.dbFile), data.dbFile);
  // Each role's client cancels with its own kind (sync/worker-client.ts).
  const held = serveFetch(parentPort!, data.role === 'ingest' ? FETCH_CANCEL : 'history-cancel');
  serveIngest(cache, parentPort!, held);
  serveHistory(cache, parentPort!, held);
  if (data.role === 'history-reader') warmSketch();
}
