/**
 * Turning big poll bodies into stored rows. At 50,000 objects a status body is megabytes
 * of JSON whose diff touches every row, the object list is tens of megabytes, and each
 * events poll brings two lists of up to 10,000 events: work of
 * 100 ms to seconds that must not run on the event loop answering the renderer
 * (DESIGN.md: 10 ms budget). So these polls fetch text, and an ingestor decodes,
 * normalises, diffs and stores it: in a worker thread in the apps, in-thread where no
 * worker script is given (tests, and as the fallback).
 */
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
import type { ObjectsStatus } from '../../../common/resources';
import { EVENTS_ENDPOINT, EVENTS_FEED_ENDPOINT, parseEvents } from '../api/events';
import { parseObjectsList } from '../api/objects';
import { parseObjectsStatus } from '../api/status';
import { decodeBodyDetailed } from '../api/tolerant';
import type { Cache, StatusChanges, StatusRepo } from '../cache';
import { storeEvents } from './events-poll';

export const STATUS_ENDPOINT = 'GET /api/ObjectsStatus';
export const OBJECTS_ENDPOINT = 'GET /api/Objects';
const OBJECTS_HASH_KEY = 'objects:hash';

function decode(text: string, endpoint: string): unknown {
  const { value, repaired } = decodeBodyDetailed(text, endpoint);
  // A repaired truncation may silently drop objects: better to skip this poll.
  if (repaired === 'truncated') throw new FleetError('server_error', `${endpoint}: the answer was cut short`);
  return value;
}

export function decodeStatus(text: string): ObjectsStatus {
  return parseObjectsStatus(decode(text, STATUS_ENDPOINT), STATUS_ENDPOINT);
}

export interface ObjectsIngested {
  count: number;
  /** False when the list is the same as the one stored: nothing to push. */
  changed: boolean;
  /** Some object's ignition sensor changed: every object's ignition state must be re-sent. */
  ignitionChanged: boolean;
}

export type IngestRepos = Pick<Cache, 'status' | 'objects' | 'meta' | 'events' | 'transaction'>;

/** Both sides of the worker run this: decode, compare, store. */
export function ingestObjects(repos: IngestRepos, text: string, fetchedAt: number): ObjectsIngested {
  const list = parseObjectsList(decode(text, OBJECTS_ENDPOINT), OBJECTS_ENDPOINT);
  const hash = createHash('sha256').update(JSON.stringify(list)).digest('base64');
  if (repos.meta.get<string>(OBJECTS_HASH_KEY) === hash && repos.objects.count() === list.length) {
    repos.meta.setLastGood('objects', fetchedAt);
    return { count: list.length, changed: false, ignitionChanged: false };
  }
  repos.objects.replaceAll(list, fetchedAt);
  repos.meta.set(OBJECTS_HASH_KEY, hash);
  return { count: list.length, changed: true, ignitionChanged: repos.status.reloadIgnition() };
}

export interface Ingestor {
  /** Stores a status poll and returns what changed; the main thread's repository already reflects it. */
  status(text: string, fetchedAt: number): Promise<StatusChanges>;
  objects(text: string, fetchedAt: number): Promise<ObjectsIngested>;
  /** Both lists of unacknowledged events (feed, then all), decoded and stored together. */
  events(feedText: string, allText: string, fetchedAt: number): Promise<void>;
  close(): Promise<void>;
}

/** Decodes both bodies before storing anything: one that does not parse leaves the cache as it was. */
export function ingestEvents(repos: IngestRepos, feedText: string, allText: string, fetchedAt: number): void {
  const feed = parseEvents(decode(feedText, EVENTS_FEED_ENDPOINT), EVENTS_FEED_ENDPOINT);
  const all = parseEvents(decode(allText, EVENTS_ENDPOINT), EVENTS_ENDPOINT);
  storeEvents(repos, feed, all, fetchedAt);
}

export function inThreadIngestor(repos: IngestRepos): Ingestor {
  return {
    status: async (text, fetchedAt) => repos.status.ingest(decodeStatus(text), fetchedAt),
    objects: async (text, fetchedAt) => ingestObjects(repos, text, fetchedAt),
    events: async (feedText, allText, fetchedAt) => ingestEvents(repos, feedText, allText, fetchedAt),
    close: async () => {},
  };
}

export interface IngestWorkerScript {
  /** The worker entry (built: out/main/ingest-worker.js). */
  script: URL | string;
  /** E.g. ['--import', 'tsx'] to run the TypeScript entry from sources. */
  execArgv?: string[];
}

type Kind = 'status' | 'objects' | 'events';
interface WorkerRequest {
  id: number;
  kind: Kind;
  text: string;
  /** The second body of kinds that take two (events: the full list). */
  text2?: string;
  fetchedAt: number;
}
type WorkerReply = { id: number; result: unknown } | { id: number; error: { code: ErrorCode | null; message: string } };

/**
 * The worker owns its own connection to the cache file (WAL lets both read); the main
 * thread's StatusRepo mirrors each status change set so its reads stay current.
 */
export function workerIngestor(w: IngestWorkerScript, dbFile: string, mainStatus: StatusRepo): Ingestor {
  const worker = new Worker(w.script, { workerData: { dbFile }, ...(w.execArgv ? { execArgv: w.execArgv } : {}) });
  worker.unref();
  const pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  const failAll = (e: Error) => {
    dead = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: WorkerReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if ('result' in m) p.resolve(m.result);
    else p.reject(m.error.code ? new FleetError(m.error.code, m.error.message) : new Error(m.error.message));
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`The ingest worker stopped (exit ${code})`)));
  const send = (kind: Kind, text: string, fetchedAt: number, text2?: string): Promise<unknown> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind, text, fetchedAt, ...(text2 !== undefined ? { text2 } : {}) } satisfies WorkerRequest);
    });
  };
  return {
    async status(text, fetchedAt) {
      const changes = (await send('status', text, fetchedAt)) as StatusChanges;
      mainStatus.remember(changes);
      return changes;
    },
    async objects(text, fetchedAt) {
      const result = (await send('objects', text, fetchedAt)) as ObjectsIngested;
      if (result.changed) mainStatus.reloadIgnition();
      return result;
    },
    events: async (feedText, allText, fetchedAt) => void (await send('events', feedText, fetchedAt, allText)),
    async close() {
      await worker.terminate();
    },
  };
}

/** The worker side, called from ingest-worker.ts: kept here so both sides change together. */
export function serveIngest(
  repos: IngestRepos,
  port: { on(ev: 'message', cb: (m: WorkerRequest) => void): void; postMessage(m: WorkerReply): void },
) {
  const local = inThreadIngestor(repos);
  port.on('message', ({ id, kind, text, text2, fetchedAt }) => {
    // The same entry serves history windows (history/writer.ts) on the same port.
    if (kind !== 'status' && kind !== 'objects' && kind !== 'events') return;
    const work: Promise<unknown> = kind === 'events' ? local.events(text, text2 ?? '[]', fetchedAt) : local[kind](text, fetchedAt);
    work.then(
      (result) => port.postMessage({ id, result }),
      (e: unknown) => port.postMessage({ id, error: { code: isFleetError(e) ? e.code : null, message: e instanceof Error ? e.message : String(e) } }),
    );
  });
}
