/**
 * Worker entry: ingests big poll bodies and history windows into the cache file named by
 * workerData. Each user starts its own instance (the poll ingestor one, each connection's
 * history writer and reader two more), so a month of history never queues ahead of a
 * status poll, and a read never waits behind a window being parsed. Given `tilesDir`
 * instead, the instance is the tile loader (tiles/worker.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCache, openDb } from '../cache';
import { serveHistory } from '../history/writer';
import { serveTiles, type TileWorkerData } from '../tiles/worker';
import { serveIngest } from './ingest';

const data = workerData as { dbFile: string } | TileWorkerData;
if ('tilesDir' in data) {
  serveTiles(parentPort!, { dataDir: data.tilesDir });
} else {
  const cache = createCache(openDb(data.dbFile), data.dbFile);
  serveIngest(cache, parentPort!);
  serveHistory(cache, parentPort!);
}
