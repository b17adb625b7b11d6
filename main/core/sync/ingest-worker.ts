/** Worker entry: ingests status polls into the cache file named by workerData. */
import { parentPort, workerData } from 'node:worker_threads';
import { MetaRepo, StatusRepo, openDb } from '../cache';
import { serveIngest } from './status-ingest';

const { dbFile } = workerData as { dbFile: string };
const db = openDb(dbFile);
serveIngest(new StatusRepo(db, new MetaRepo(db)), parentPort!);
