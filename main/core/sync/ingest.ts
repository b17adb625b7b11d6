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
import pTimeout from 'p-timeout';
import { FleetError } from '../../../common/errors';
import type { ObjectsList, PositionColumns } from '../../../common/methods/live';
import type { ObjectsStatus, Profile } from '../../../common/resources';
import { EVENTS_ENDPOINT, EVENTS_FEED_ENDPOINT, parseEvents } from '../api/events';
import { OBJECTS_ENDPOINT, PROFILE_ENDPOINT, parseObjectsList, parseProfile } from '../api/objects';
import { STATUS_ENDPOINT, parseObjectsStatus, statusBatches } from '../api/status';
import { batches, parseSpan, scanJson } from '../api/json-spans';
import { keyFold } from '../api/tolerant';
import { isHeldBody } from '../api/http';
import { decodeBodyDetailed, type ApiLog } from '../api/tolerant';
import { changedColumns, ignitionPairs, listRow, prepareRows, wholeStatus, type Cache, type ListRow } from '../cache';
import type { WorkerClient } from '../workers/client';
import { heldBodyFetch, type HeldBodies } from '../workers/fetch';
import { transferables, type Handlers, type ReplyOf, type RequestOf, type WorkerScript } from '../workers/protocol';
import { startRole, type Roles } from '../workers/roles';
import { storeEvents, type EventsIngested } from './events-poll';
import type { IngestKind, IngestMessages, ObjectsIngested } from './ingest-messages';
import { bytesOf, textOf, type PollBody } from './poll-body';

export { STATUS_ENDPOINT, OBJECTS_ENDPOINT, PROFILE_ENDPOINT };
const OBJECTS_HASH_KEY = 'objects:hash';

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
  return parseObjectsStatus(decode(body, STATUS_ENDPOINT), STATUS_ENDPOINT, { exact: true });
}

/**
 * A status poll staged (StatusRepo.stage): its body read a batch at a time (json-spans.ts),
 * or read whole where the batches cannot follow it (text, a body that needs the tolerant
 * path's repairs), with the same result.
 */
export function stageStatus(repos: Pick<IngestRepos, 'status'>, body: PollBody, fetchedAt: number): StagedStatus {
  if (typeof body === 'string' || isHeldBody(body)) return { ...repos.status.stage(wholeStatus(decodeStatus(body)), fetchedAt), read: 'whole' };
  const bytes = bytesOf(body);
  try {
    return { ...repos.status.stage(statusBatches(scanJson(bytes), STATUS_ENDPOINT), fetchedAt), read: 'in batches' };
  } catch {
    // The body read whole below says what is wrong with it, at its own element numbers.
  }
  return { ...repos.status.stage(wholeStatus(decodeStatus(bytes)), fetchedAt), read: 'whole' };
}

/** How a big body was read: in batches, whole (text, or a body the batches do not stand for), or not at all (a list's bytes as the stored one's). */
export type BodyRead = 'in batches' | 'whole' | 'same bytes';
export type StagedStatus = ReturnType<IngestRepos['status']['stage']> & { read: BodyRead };

export type IngestRepos = Pick<Cache, 'status' | 'objects' | 'meta' | 'events' | 'profile' | 'transaction'>;

/**
 * The profile embeds every object (the size of the list itself), which the store does not keep
 * (ProfileRepo.put: the list is the objects' source). Where its bytes allow, every member but
 * the objects is decoded and the objects are skipped unread (json-spans.ts, decision 0047);
 * otherwise it is read whole, objects and all.
 */
export function ingestProfile(repos: IngestRepos, body: PollBody, fetchedAt: number): void {
  repos.profile.put(profileOf(body).profile, fetchedAt);
}

export function profileOf(body: PollBody): { profile: Profile; read: BodyRead } {
  if (typeof body !== 'string' && !isHeldBody(body)) {
    const bytes = bytesOf(body);
    try {
      const scanned = scanJson(bytes);
      const members = scanned.kind === 'object' ? [...scanned.members] : [];
      const isObjects = ([key, m]: (typeof members)[number]) => keyFold(key) === 'objects' && m.elements !== undefined;
      if (members.some(isObjects)) {
        const rest = Object.fromEntries(members.filter((m) => !isObjects(m)).map(([key, m]) => [key, parseSpan(bytes, m.start, m.end)]));
        return { profile: parseProfile({ ...rest, Objects: [] }, PROFILE_ENDPOINT), read: 'in batches' };
      }
    } catch {
      // The body read whole below says what is wrong with it.
    }
    body = bytes;
  }
  return { profile: parseProfile(decode(body, PROFILE_ENDPOINT), PROFILE_ENDPOINT), read: 'whole' };
}

/**
 * The hash of the list's JSON (`[text,text,…]`), fed in slices: the whole text joined at once
 * is another copy of the list (over 100 MB at 100,000 objects) at the worker's busiest moment.
 */
export function listHash(texts: readonly string[], slice = 1000): string {
  const h = createHash('sha256').update('[');
  for (let i = 0; i < texts.length; i += slice) h.update((i ? ',' : '') + texts.slice(i, i + slice).join(','));
  return h.update(']').digest('base64');
}

/**
 * The list's rows as they will be stored (listRow): its body read a batch at a time
 * (json-spans.ts), so that only the rows outlive the decode, or read whole where the batches
 * do not stand for it (text, an envelope, a body the tolerant path must repair or word the
 * error of) with the same result.
 */
function listRows(body: PollBody): { rows: ListRow[]; read: BodyRead } {
  if (typeof body !== 'string' && !isHeldBody(body)) {
    const bytes = bytesOf(body);
    try {
      const scanned = scanJson(bytes);
      if (scanned.kind === 'array') {
        const rows: ListRow[] = [];
        for (const batch of batches(bytes, scanned.elements)) for (const o of parseObjectsList(batch, OBJECTS_ENDPOINT)) rows.push(listRow(o));
        return { rows, read: 'in batches' };
      }
    } catch {
      // The body read whole below says what is wrong with it, at its own element numbers.
    }
    body = bytes;
  }
  return { rows: parseObjectsList(decode(body, OBJECTS_ENDPOINT), OBJECTS_ENDPOINT).map((o) => listRow(o)), read: 'whole' };
}

/**
 * What the stored list was made from: the hash of its JSON as stored (`list`), of the body's
 * bytes it came in (`body`) and how many elements that body held. Before the body's hash was
 * kept the value was the list's hash alone.
 */
interface ListHashes {
  list: string;
  body?: string;
  count?: number;
}

function storedHashes(repos: IngestRepos): ListHashes | undefined {
  const v = repos.meta.get<string | ListHashes>(OBJECTS_HASH_KEY);
  return typeof v === 'string' ? { list: v } : v;
}

/**
 * A list poll in two steps, as a status poll is: what changed, at once, and its write whenever
 * the caller runs it. At 50,000 objects the write is two seconds or more of the worker's time
 * that the windows need not wait for: `list` is the list as it will be stored.
 *
 * The same bytes as the stored list's are not decoded at all: the list is refetched every ten
 * minutes and seldom changes, and its hash is a tenth of a second at 100,000 objects where its
 * decode is over a second and a few hundred megabytes of the worker's memory.
 */
export function stageObjects(repos: IngestRepos, body: PollBody, fetchedAt: number): { result: ObjectsIngested; list?: string; write?: () => void; read: BodyRead } {
  const whole = typeof body === 'string' || isHeldBody(body) ? body : bytesOf(body);
  const bodyHash = isHeldBody(whole) ? undefined : createHash('sha256').update(whole).digest('base64');
  const stored = storedHashes(repos);
  const unchanged = (count: number) => {
    repos.meta.setLastGood('objects', fetchedAt);
    return { count, changed: false, ignitionChanged: false, changedIds: [], removedIds: [] };
  };
  if (bodyHash !== undefined && stored?.body === bodyHash && repos.objects.count() === stored.count) return { result: unchanged(stored.count), read: 'same bytes' };
  // Each object encoded once, for the hash (the same text as the whole list's JSON), the diff and the store.
  const { rows, read } = listRows(whole);
  const hashes: ListHashes = { list: listHash(rows.map((r) => r.json)), body: bodyHash, count: rows.length };
  if (stored?.list === hashes.list && repos.objects.count() === rows.length) {
    repos.meta.set(OBJECTS_HASH_KEY, hashes);
    return { result: unchanged(rows.length), read };
  }
  const { changed, removed } = repos.objects.diffRows(rows);
  const prepared = prepareRows(rows);
  const result = { count: rows.length, changed: true, ignitionChanged: repos.status.ignitionDiffers(ignitionPairs(prepared)), changedIds: changed, removedIds: removed };
  const write = () => {
    repos.objects.store(prepared, fetchedAt);
    repos.meta.set(OBJECTS_HASH_KEY, hashes);
    repos.status.reloadIgnition();
  };
  return { result, list: prepared.listText, write, read };
}

/** Both sides of the worker run this: decode, compare, store. */
export function ingestObjects(repos: IngestRepos, body: PollBody, fetchedAt: number): ObjectsIngested {
  const staged = stageObjects(repos, body, fetchedAt);
  staged.write?.();
  return staged.result;
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
  /**
   * The list the last objects poll answered while it is still being written (the worker answers
   * a new list before it stores it), else null: the windows are sent this, not the stored one.
   */
  pendingList(): ObjectsList | null;
  profile(body: PollBody, fetchedAt: number): Promise<void>;
  /** Every stored last position with its ignition state, from the writer's own copy. */
  snapshot(): Promise<PositionColumns>;
  /** Settles once the stored positions are read into that copy at start (failed or not): what a window opening at launch asks for first is ready. */
  warmed(): Promise<void>;
  /**
   * Settles once the last status poll answered is in the file: the worker answers the
   * positions first and writes them after, so a read of one object's rows waits for this.
   */
  written(): Promise<void>;
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
    status: async (body, fetchedAt) => {
      const staged = stageStatus(repos, body, fetchedAt);
      staged.write();
      return changedColumns(staged.changes);
    },
    objects: async (body, fetchedAt) => ingestObjects(repos, body, fetchedAt),
    pendingList: () => null,
    profile: async (body, fetchedAt) => ingestProfile(repos, body, fetchedAt),
    snapshot: async () => repos.status.snapshot(),
    warmed: async () => {},
    events: async (feed, all, fetchedAt) => ingestEvents(repos, feed, all, fetchedAt),
    written: async () => {},
    close: async () => {},
  };
}

const settled = () => {};

/** How long closing waits for a write still due after its answer (workerIngestor.close). */
const CLOSE_WAIT_MS = 10_000;

/** How long an answered poll's write waits for the main side's next request (ingestHandlers). */
const WRITE_AFTER_MS = 20;

const columnsTransfer = (c: PositionColumns) => transferables(c.ids, c.lat, c.lng, c.time, c.speed, c.heading, c.online, c.ignition);

/**
 * The worker owns its own connection to the cache file (WAL lets both read) and the only
 * in-memory copy of last status; the main thread reads single objects from the file.
 * Bodies go in as transferred bytes and position deltas come back as transferred typed
 * arrays, so neither direction copies or walks 50,000 rows on the event loop.
 */
export function workerIngestor(w: WorkerScript, dbFile: string): Ingestor {
  const worker = startRole(w, { role: 'ingest', dbFile }, 'ingest worker');
  const send = followingSender(worker);
  let written: Promise<void> = Promise.resolve();
  let pendingList: ObjectsList | null = null;
  // Asked once an answer came ahead of its write, answered after it: readers of the file wait only while one is due.
  const writeFollows = () => (written = worker.request('written', {}).then(settled, settled));
  // At a restart the windows' first question is every last position: at 50,000 objects the
  // worker's start and its read of them took a second or more, now done while the page loads.
  const warmed = worker.request('warm', {}).then(settled, settled);
  return {
    fetch: heldBodyFetch((req, signal) => worker.request('fetch', req, signal ? { signal } : {})),
    status: async (body, fetchedAt) => {
      const changed = await send('status', { body, fetchedAt }, transferables(body));
      writeFollows();
      return changed;
    },
    objects: async (body, fetchedAt) => {
      const { list, ...result } = await send('objects', { body, fetchedAt }, transferables(body));
      if (list) {
        const mine: ObjectsList = { json: list, fetchedAt };
        pendingList = mine;
        void writeFollows().then(() => {
          if (pendingList === mine) pendingList = null;
        });
      }
      return result;
    },
    pendingList: () => pendingList,
    profile: (body, fetchedAt) => send('profile', { body, fetchedAt }, transferables(body)),
    snapshot: () => send('snapshot', {}, []),
    warmed: () => warmed,
    written: () => written,
    events: (feed, all, fetchedAt) => send('events', { body: feed, all, fetchedAt }, transferables(feed, all)),
    close: async () => {
      // A quit right after a new list appeared (its write takes seconds at 50,000 objects) left
      // the next offline start without it: what was answered is written first, within a bound.
      await pTimeout(written, { milliseconds: CLOSE_WAIT_MS, message: false });
      await worker.close();
    },
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
function followingSender(worker: WorkerClient<Roles['ingest']>) {
  const first = worker.starts;
  const followed = new Map<IngestKind, number>();
  return async <K extends IngestKind>(kind: K, fields: RequestOf<IngestMessages, K>, transfer: ArrayBuffer[]): Promise<ReplyOf<IngestMessages, K>> => {
    const was = followed.get(kind) ?? first;
    let to = was;
    const result = await worker.request(
      kind,
      (starts) => {
        // Read here: only now is it known which worker the request goes to (a dead one is replaced first).
        to = starts;
        return to !== was ? { ...fields, full: true } : fields;
      },
      { transfer },
    );
    // Only an answer received levels the main side: a failed request leaves the next one full.
    followed.set(kind, to);
    return result;
  };
}

/**
 * The worker side, served by the entry (workers/entry.ts): kept here so both sides change
 * together. A fresh worker's first answer of a kind (`full`), after storing the poll, is the
 * whole stored picture (followingSender says why); profile and snapshot answer as always.
 *
 * A status or a new object list is answered before its rows are written (StatusRepo.stage,
 * stageObjects): the write runs a moment after the answer is posted, or first thing in the
 * next request, whichever comes first, so every request still finds the file as the answers
 * so far describe it. `written` waits for it without hurrying it.
 */
export function ingestHandlers(repos: IngestRepos, held: HeldBodies): Handlers<IngestMessages> {
  const local = inThreadIngestor(repos);
  const bytes = (b: PollBody): PollBody => (isHeldBody(b) ? held.take(b) : b);
  const positions = (ctx: { transfer: ArrayBuffer[] }) => (c: PositionColumns) => {
    ctx.transfer.push(...columnsTransfer(c));
    return c;
  };
  let unwritten: (() => void) | null = null;
  let due: NodeJS.Timeout | null = null;
  let waiting: (() => void)[] = [];
  const writeNow = () => {
    if (due) clearTimeout(due);
    due = null;
    const write = unwritten;
    unwritten = null;
    try {
      write?.();
    } catch (e) {
      // Answered already; the next poll of its kind writes it again (a status by stage(), a list as changed).
      console.warn(`[ingest] a poll answered could not be stored: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      const done = waiting;
      waiting = [];
      done.forEach((r) => r());
    }
  };
  // The main side asks for the next body as soon as an answer lands, and this thread fetches
  // it: a write begun at once (a second at 50,000 objects) held that request back as long.
  const writeSoon = (write: () => void) => {
    unwritten = write;
    due ??= setTimeout(writeNow, WRITE_AFTER_MS);
  };
  const afterWrite =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      writeNow();
      return f(...a);
    };
  return {
    status: afterWrite(async ({ body, fetchedAt, full }, ctx) => {
      const staged = stageStatus(repos, bytes(body), fetchedAt);
      writeSoon(staged.write);
      return positions(ctx)(full ? await local.snapshot() : changedColumns(staged.changes));
    }),
    // Which objects changed since the main side last heard is unknown: every window reads the list.
    objects: afterWrite(async ({ body, fetchedAt, full }, ctx) => {
      const staged = stageObjects(repos, bytes(body), fetchedAt);
      let result: ObjectsIngested = full ? { ...staged.result, changed: true, reload: true } : staged.result;
      if (staged.write) writeSoon(staged.write);
      if (staged.list !== undefined) {
        const list = new TextEncoder().encode(staged.list);
        ctx.transfer.push(...transferables(list));
        result = { ...result, list };
      }
      return result;
    }),
    profile: afterWrite(({ body, fetchedAt }) => local.profile(bytes(body), fetchedAt)),
    snapshot: afterWrite((_, ctx) => local.snapshot().then(positions(ctx))),
    written: () => (unwritten ? new Promise<void>((r) => waiting.push(r)) : undefined),
    warm: () => repos.status.load(),
    events: afterWrite(({ body, all, fetchedAt, full }) => {
      const feed = bytes(body);
      return local.events(feed, bytes(all), fetchedAt).then((r): EventsIngested => {
        if (!full) return r;
        const { events, pendingIds } = repos.events.unacknowledgedModel();
        return { ...r, upserted: events, full: { pendingIds } };
      });
    }),
  };
}
