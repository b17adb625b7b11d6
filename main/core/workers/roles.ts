/**
 * The roles a worker thread can be started in, each with its message map. A client is
 * started for a role (startRole) and the entry serves that role's handlers (entry.ts), both
 * typed from this one table: adding a role is adding a line here, and tsc then asks for its
 * handlers in the entry.
 */
import type { HistoryReaderMessages, HistoryWriterMessages } from '../history/worker-messages';
import type { IngestMessages } from '../sync/ingest-messages';
import type { TileMessages } from '../tiles/worker-messages';
import { startWorkerClient, type ClientOptions, type WorkerClient } from './client';
import type { FetchMessages } from './fetch';
import type { WorkerScript } from './protocol';

export interface Roles {
  /** Fetches, decodes, diffs and stores the big poll bodies (sync/ingest.ts). */
  ingest: IngestMessages & FetchMessages;
  /** Fetches, parses and stores history windows; sketches when idle (history/writer.ts). */
  'history-writer': HistoryWriterMessages & FetchMessages;
  /** Reads ranges for a screen that waits on them (history/writer.ts). */
  'history-reader': HistoryReaderMessages;
  /** Loads map tiles through their cache (tiles/worker.ts). */
  tiles: TileMessages;
}
export type Role = keyof Roles;

/** What an instance of the entry is given: its role and what it works on. */
export type DataOf<R extends Role> = R extends 'tiles' ? { role: R; tilesDir: string } : { role: R; dbFile: string };
export type WorkerData = { [R in Role]: DataOf<R> }[Role];

export function startRole<R extends Role>(script: WorkerScript, data: DataOf<R>, name: string, o?: ClientOptions): WorkerClient<Roles[R]> {
  return startWorkerClient<Roles[R]>(script, data, name, o);
}
