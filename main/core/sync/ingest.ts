/**
 * Turning big poll bodies into stored rows. At 50,000 objects a status body is megabytes
 * of JSON whose diff touches every row, the object list is tens of megabytes, and each
 * events poll brings two lists of up to 10,000 events: work of
 * 100 ms to seconds that must not run on the event loop answering the renderer
 * (DESIGN.md: 10 ms budget). So these polls fetch bytes, and an ingestor decodes,
 * normalises, diffs and stores it: in a worker thread in the apps, in-thread where no
 * worker script is given (tests, and as the fallback).
 */
import { createHash } from 'node:crypto';
import { FleetError, type ErrorCode } from '../../../common/errors';
import type { PositionColumns } from '../../../common/methods/live';
import type { ObjectsStatus } from '../../../common/resources';
import { EVENTS_ENDPOINT, EVENTS_FEED_ENDPOINT, parseEvents } from '../api/events';
import { OBJECTS_ENDPOINT, PROFILE_ENDPOINT, parseObjectsList, parseProfile } from '../api/objects';
import { STATUS_ENDPOINT, parseObjectsStatus } from '../api/status';
import { isHeldBody, type HeldBody } from '../api/http';
import { decodeBodyDetailed, type ApiLog } from '../api/tolerant';
import { changedColumns, type Cache } from '../cache';
import { storeEvents, type EventsIngested } from './events-poll';
import { errorReply, startWorkerClient, type WorkerClient } from './worker-client';
import { FETCH_CANCEL, heldBodyFetch, type HeldBodies } from './worker-fetch';

export { STATUS_ENDPOINT, OBJECTS_ENDPOINT, PROFILE_ENDPOINT };
const OBJECTS_HASH_KEY = 'objects:hash';

/**
 * A poll body as it came off the socket: its chunks, one buffer, or text (tests). Bytes
 * cross to the worker without a copy (transferred) and are joined and decoded there: at
 * 50,000 objects, joining the chunks or decoding the UTF-8 costs the event loop tens of
 * milliseconds each. Or the handle to a body the worker fetched and kept (worker-fetch.ts):
 * then the bytes never reach the main side at all.
 */
export type PollBody = string | Uint8Array | readonly Uint8Array[] | HeldBody;

function textOf(body: PollBody): string {
  if (typeof body === 'string') return body;
  if (isHeldBody(body)) throw new Error('A held poll body can only be read by the worker that fetched it');
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  const utf8 = new TextDecoder();
  // A multi-byte character may straddle two chunks: the streaming decoder carries it over.
  return body.map((c, i) => utf8.decode(c, { stream: i < body.length - 1 })).join('');
}

/**
 * What a repair kept and dropped goes to the process's log (the worker's console is the
 * host's): the poll goes on with what could be read, and someone can still learn why an
 * object is missing.
 */
const repairLog: ApiLog = { warn: (message, meta) => console.warn(`[ingest] ${message}`, meta ?? '') };

function decode(body: PollBody, endpoint: string): unknown {
  const { value, repaired } = decodeBodyDetailed(textOf(body), endpoint, repairLog);
  // A repaired truncation may silently drop objects: better to skip this poll.
  if (repaired === 'truncated') throw new FleetError('server_error', `${endpoint}: the answer was cut short`);
  return value;
}

export function decodeStatus(body: PollBody): ObjectsStatus {
  return parseObjectsStatus(decode(body, STATUS_ENDPOINT), STATUS_ENDPOINT);
}

export interface ObjectsIngested {
  count: number;
  /** False when the list is the same as the one stored: nothing to push. */
  changed: boolean;
  /** Some object's ignition sensor changed: every object's ignition state must be re-sent. */
  ignitionChanged: boolean;
  /** Ids of objects new or changed in this list, and of those it no longer has. */
  changedIds: number[];
  removedIds: number[];
  /**
   * The windows must read the whole list again: a fresh worker's first answer, since what
   * its predecessor stored and never answered is a change nobody was told of.
   */
  reload?: boolean;
}

export type IngestRepos = Pick<Cache, 'status' | 'objects' | 'meta' | 'events' | 'profile' | 'transaction'>;

/** The profile embeds every object (tens of megabytes at 50,000): decoded and stored like the list. */
export function ingestProfile(repos: IngestRepos, body: PollBody, fetchedAt: number): void {
  repos.profile.put(parseProfile(decode(body, PROFILE_ENDPOINT), PROFILE_ENDPOINT), fetchedAt);
}

/** Both sides of the worker run this: decode, compare, store. */
export function ingestObjects(repos: IngestRepos, body: PollBody, fetchedAt: number): ObjectsIngested {
  const list = parseObjectsList(decode(body, OBJECTS_ENDPOINT), OBJECTS_ENDPOINT);
  const hash = createHash('sha256').update(JSON.stringify(list)).digest('base64');
  if (repos.meta.get<string>(OBJECTS_HASH_KEY) === hash && repos.objects.count() === list.length) {
    repos.meta.setLastGood('objects', fetchedAt);
    return { count: list.length, changed: false, ignitionChanged: false, changedIds: [], removedIds: [] };
  }
  const { changed, removed } = repos.objects.diff(list);
  repos.objects.replaceAll(list, fetchedAt);
  repos.meta.set(OBJECTS_HASH_KEY, hash);
  return { count: list.length, changed: true, ignitionChanged: repos.status.reloadIgnition(), changedIds: changed, removedIds: removed };
}

export interface Ingestor {
  /**
   * A fetch for the poll clients whose successful bodies stay with the ingestor (answered
   * as HeldBody handles). Absent when the ingestor runs in-thread: the ordinary fetch then.
   */
  readonly fetch?: typeof fetch;
  /** Stores a status poll and returns the positions that changed (the delta to push). */
  status(body: PollBody, fetchedAt: number): Promise<PositionColumns>;
  objects(body: PollBody, fetchedAt: number): Promise<ObjectsIngested>;
  profile(body: PollBody, fetchedAt: number): Promise<void>;
  /** Every stored last position with its ignition state, from the writer's own copy. */
  snapshot(): Promise<PositionColumns>;
  /**
   * Both lists of unacknowledged events (feed, then all), decoded and stored together;
   * returns what changed in the stored unacknowledged events (the delta the main thread applies).
   */
  events(feed: PollBody, all: PollBody, fetchedAt: number): Promise<EventsIngested>;
  close(): Promise<void>;
}

/** Decodes both bodies before storing anything: one that does not parse leaves the cache as it was. */
export function ingestEvents(repos: IngestRepos, feedBody: PollBody, allBody: PollBody, fetchedAt: number): EventsIngested {
  const feed = parseEvents(decode(feedBody, EVENTS_FEED_ENDPOINT), EVENTS_FEED_ENDPOINT);
  const all = parseEvents(decode(allBody, EVENTS_ENDPOINT), EVENTS_ENDPOINT);
  return storeEvents(repos, feed, all, fetchedAt);
}

export function inThreadIngestor(repos: IngestRepos): Ingestor {
  return {
    status: async (body, fetchedAt) => changedColumns(repos.status.ingest(decodeStatus(body), fetchedAt)),
    objects: async (body, fetchedAt) => ingestObjects(repos, body, fetchedAt),
    profile: async (body, fetchedAt) => ingestProfile(repos, body, fetchedAt),
    snapshot: async () => repos.status.snapshot(),
    events: async (feed, all, fetchedAt) => ingestEvents(repos, feed, all, fetchedAt),
    close: async () => {},
  };
}

/**
 * What an instance of the worker entry is given (the tile loader's is tiles/worker.ts's).
 * The poll ingestor and the history writer run at background priority (thread-priority.ts):
 * their work can wait for the foreground. The history reader answers a screen that is
 * waiting, so it keeps normal priority and warms the first draw's code (sketch.ts).
 */
export interface EntryData {
  dbFile: string;
  role: 'ingest' | 'history-writer' | 'history-reader';
}

export interface IngestWorkerScript {
  /** The worker entry (built: out/main/ingest-worker.js). */
  script: URL | string;
  /** E.g. ['--import', 'tsx'] to run the TypeScript entry from sources. */
  execArgv?: string[];
}

const INGEST_KINDS = new Set(['status', 'objects', 'profile', 'events', 'snapshot'] as const);
type Kind = typeof INGEST_KINDS extends Set<infer K> ? K : never;
interface WorkerRequest {
  id: number;
  kind: Kind;
  body: PollBody;
  /** The second body of kinds that take two (events: the full list). */
  body2?: PollBody;
  fetchedAt: number;
  /** The first request of its kind to this worker: answer the whole stored picture (serveIngest). */
  full?: boolean;
}
type WorkerReply = { id: number; result: unknown } | { id: number; error: { code: ErrorCode | null; message: string } };

/** The buffers a message can hand over instead of copying. */
function transferables(...values: unknown[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const v of values.flat()) {
    // Only a view that owns its whole buffer: a Node Buffer may be a slice of a shared pool.
    if (!ArrayBuffer.isView(v) || !(v.buffer instanceof ArrayBuffer) || v.byteOffset !== 0 || v.byteLength !== v.buffer.byteLength) continue;
    if (!out.includes(v.buffer)) out.push(v.buffer);
  }
  return out;
}

const columnsTransfer = (c: PositionColumns) => transferables(c.ids, c.lat, c.lng, c.time, c.speed, c.heading, c.online, c.ignition);

/**
 * The worker owns its own connection to the cache file (WAL lets both read) and the only
 * in-memory copy of last status; the main thread reads single objects from the file.
 * Bodies go in as transferred bytes and position deltas come back as transferred typed
 * arrays, so neither direction copies or walks 50,000 rows on the event loop.
 */
export function workerIngestor(w: IngestWorkerScript, dbFile: string): Ingestor {
  const worker = startWorkerClient(w, { dbFile, role: 'ingest' } satisfies EntryData, 'ingest worker', FETCH_CANCEL);
  const send = followingSender(worker);
  return {
    fetch: heldBodyFetch(worker),
    status: async (body, fetchedAt) => (await send('status', body, fetchedAt)) as PositionColumns,
    objects: async (body, fetchedAt) => (await send('objects', body, fetchedAt)) as ObjectsIngested,
    profile: async (body, fetchedAt) => void (await send('profile', body, fetchedAt)),
    snapshot: async () => (await send('snapshot', '', 0)) as PositionColumns,
    events: async (feed, all, fetchedAt) => (await send('events', feed, fetchedAt, all)) as EventsIngested,
    close: () => worker.close(),
  };
}

/**
 * Sends ingest requests, marking `full` the first of each kind that goes to a worker whose
 * answers of that kind the main side has not had yet. Status, objects and events answer what
 * changed against what the worker stored last. A worker that died may have stored a poll and
 * never answered it: its successor diffs against that poll, so those changes (new objects,
 * renamed ones, new events) would never reach the main side. The first worker is followed from
 * the start: at sign-in the windows and the events model read what is stored themselves.
 */
function followingSender(worker: WorkerClient) {
  const first = worker.starts;
  const followed = new Map<Kind, number>();
  return async (kind: Kind, body: PollBody, fetchedAt: number, body2?: PollBody): Promise<unknown> => {
    const was = followed.get(kind) ?? first;
    let to = was;
    const result = await worker.request((id) => {
      // Read here: only now is it known which worker the request goes to (a dead one is replaced first).
      to = worker.starts;
      return {
        msg: { id, kind, body, fetchedAt, ...(body2 !== undefined ? { body2 } : {}), ...(to !== was ? { full: true } : {}) } satisfies WorkerRequest,
        transfer: transferables(body, body2),
      };
    });
    // Only an answer received levels the main side: a failed request leaves the next one full.
    followed.set(kind, to);
    return result;
  };
}

/**
 * A fresh worker's first answer of a kind, after storing the poll: the whole stored picture
 * (followingSender says why). A kind answered with nothing the main side keeps (profile,
 * snapshot) is answered as always.
 */
function wholePicture(repos: IngestRepos, local: Ingestor, kind: Kind, result: unknown): unknown {
  if (kind === 'status') return local.snapshot();
  // Which objects changed since the main side last heard is unknown: every window reads the list.
  if (kind === 'objects') return { ...(result as ObjectsIngested), changed: true, reload: true } satisfies ObjectsIngested;
  if (kind === 'events') {
    const { events, pendingIds } = repos.events.unacknowledgedModel();
    return { ...(result as EventsIngested), upserted: events, full: { pendingIds } } satisfies EventsIngested;
  }
  return result;
}

/** The worker side, called from ingest-worker.ts: kept here so both sides change together. */
export function serveIngest(
  repos: IngestRepos,
  port: { on(ev: 'message', cb: (m: WorkerRequest) => void): void; postMessage(m: WorkerReply, transfer?: ArrayBuffer[]): void },
  held: HeldBodies,
) {
  const local = inThreadIngestor(repos);
  port.on('message', (m) => {
    // The same entry serves history windows (history/writer.ts) and fetches (worker-fetch.ts) on the same port.
    const { id, kind, fetchedAt, full } = m;
    if (!INGEST_KINDS.has(kind)) return;
    let body: PollBody;
    let body2: PollBody | undefined;
    try {
      body = isHeldBody(m.body) ? held.take(m.body) : m.body;
      body2 = isHeldBody(m.body2) ? held.take(m.body2) : m.body2;
    } catch (e) {
      port.postMessage(errorReply(id, e));
      return;
    }
    let work: Promise<unknown>;
    if (kind === 'events') work = local.events(body, body2 ?? '[]', fetchedAt);
    else if (kind === 'status') work = local.status(body, fetchedAt);
    else if (kind === 'objects') work = local.objects(body, fetchedAt);
    else if (kind === 'profile') work = local.profile(body, fetchedAt);
    else work = local.snapshot();
    if (full) work = work.then((result) => wholePicture(repos, local, kind, result));
    work.then(
      (result) => port.postMessage({ id, result }, kind === 'status' || kind === 'snapshot' ? columnsTransfer(result as PositionColumns) : []),
      (e: unknown) => port.postMessage(errorReply(id, e)),
    );
  });
}
