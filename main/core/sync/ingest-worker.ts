/**
 * Worker entry: ingests big poll bodies and history windows into the cache file named by
 * workerData. Each user starts its own instance (the poll ingestor one, each connection's
 * history writer and reader two more), so a month of history never queues ahead of a
 * status poll, and a read never waits behind a window being parsed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCache, openDb } from '../cache';
import { serveHistory } from '../history/writer';
import { serveIngest } from './ingest';

const { dbFile } = workerData as { dbFile: string };
const cache = createCache(openDb(dbFile), dbFile);
serveIngest(cache, parentPort!);
serveHistory(cache, parentPort!);
