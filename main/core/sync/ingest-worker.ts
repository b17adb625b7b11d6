/** Worker entry: ingests big poll bodies into the cache file named by workerData. */
import { parentPort, workerData } from 'node:worker_threads';
import { MetaRepo, ObjectsRepo, StatusRepo, openDb } from '../cache';
import { serveIngest } from './ingest';

const { dbFile } = workerData as { dbFile: string };
const db = openDb(dbFile);
const meta = new MetaRepo(db);
serveIngest({ status: new StatusRepo(db, meta), objects: new ObjectsRepo(db, meta), meta }, parentPort!);
