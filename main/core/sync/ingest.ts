/**
 * Turning big poll bodies into stored rows. At 50,000 objects a status body is megabytes
 * of JSON whose diff touches every row, the object list is tens of megabytes, and each
 * events poll brings two lists of up to 10,000 events: work of
 * 100 ms to seconds that must not run on the event loop answering the renderer
 * (DESIGN.md: 10 ms budget). So these polls fetch bytes, and an ingestor decodes,
 * normalises, diffs and stores it (ingest-bodies.ts): in a worker thread in the apps,
 * in-thread where no worker script is given (tests, and as the fallback).
 */
import pTimeout from 'p-timeout';
import type { EventScope } from '../../../common/methods/events';
import type { ObjectsList, PositionColumns } from '../../../common/methods/live';
import { isHeldBody } from '../api/held-body';
import { EVENTS_FEED_ENDPOINT, parseEvents } from '../api/events';
import { OBJECTS_ENDPOINT, OBJECTS_LITE_ENDPOINT, PROFILE_ENDPOINT, parseObjectsList, parseObjectsLite } from '../api/objects';
import { STATUS_ENDPOINT, parseObjectsStatus } from '../api/status';
import { startSpare, type Spare, type WorkerClient } from '../workers/client';
import { discardBody, heldBodyFetch, type HeldBodies } from '../workers/fetch';
import { transferables, type Handlers, type ReplyOf, type RequestOf, type WorkerScript } from '../workers/protocol';
import { startRole, type Roles } from '../workers/roles';
import type { EventsIngested } from './events-poll';
import { ingestEvents, ingestProfile, stageStatus, type IngestRepos } from './ingest-bodies';
import { ingestObjects, stageObjects } from './ingest-list';
import { namesList } from './ingest-names';
import type { IngestKind, IngestMessages, ObjectsIngested } from './ingest-messages';
import { wholeWrite, writeBehind } from './write-behind';
import type { PollBody } from './poll-body';

export { STATUS_ENDPOINT, OBJECTS_ENDPOINT, PROFILE_ENDPOINT };
export type { IngestRepos };

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
  /** A reduced object list as the windows' list bytes, in name order; nothing stored (first-names.ts). */
  names(body: PollBody): Promise<Uint8Array>;
  /** Every stored last position with its ignition state, from the writer's own copy. */
  snapshot(): Promise<PositionColumns>;
  /**
   * Settles once the last status poll answered is in the file: the worker answers the
   * positions first and writes them after, so a read of one object's rows waits for this.
   */
  written(): Promise<void>;
  /**
   * One list of unacknowledged events (the feed, then the full list), decoded and stored;
   * returns what changed in the stored unacknowledged events (the delta the main thread applies).
   */
  events(scope: EventScope, body: PollBody, fetchedAt: number): Promise<EventsIngested>;
  close(): Promise<void>;
}

export function inThreadIngestor(repos: IngestRepos): Ingestor {
  return {
    status: async (body, fetchedAt) => {
      const staged = stageStatus(repos, body, fetchedAt);
      staged.write();
      return staged.changes.positions;
    },
    objects: async (body, fetchedAt) => ingestObjects(repos, body, fetchedAt),
    pendingList: () => null,
    profile: async (body, fetchedAt) => ingestProfile(repos, body, fetchedAt),
    names: async (body) => namesList(body),
    snapshot: async () => repos.status.snapshot(),
    events: async (scope, body, fetchedAt) => ingestEvents(repos, scope, body, fetchedAt),
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
 * The ingest worker's young generation, MB (decision 0054): its garbage comes a batch of
 * 256 elements at a time and dies young, so semi-spaces of 16 MB hold it, where V8's default
 * (64 MB each at this machine's heap limit) stays committed between polls.
 */
export const INGEST_YOUNG_GENERATION_MB = 48;

/** The ingest thread's options: a spare is started with the ones its taker would have used. */
const INGEST_THREAD = { youngGenerationMb: INGEST_YOUNG_GENERATION_MB };

/**
 * An ingest thread booted before a connection needs it (while the sign-in form is shown): the
 * connection's first poll is fetched in it, and its boot (a thread, the cache's and the
 * fetch's code) was a quarter of a second on that path (decision 0076).
 */
export function spareIngestWorker(w: WorkerScript): Spare {
  return startSpare(w, 'ingest', INGEST_THREAD);
}

/**
 * The exact-shape checks of a sign-in's first bodies (the status, the names, the list, the
 * event feed), compiled by a spare while the sign-in form waits: each is compiled at its
 * schema's first use, and the status's first use is on the way to the first positions.
 */
export function compileFirstBodyChecks(): void {
  parseObjectsStatus({ Positions: [], SensorValues: [], DriverKeys: [], Stats: [] }, STATUS_ENDPOINT, { exact: true });
  parseObjectsLite([], OBJECTS_LITE_ENDPOINT);
  parseObjectsList([], OBJECTS_ENDPOINT);
  parseEvents([], EVENTS_FEED_ENDPOINT);
}

/**
 * The worker owns its own connection to the cache file (WAL lets both read) and the only
 * in-memory copy of last status; the main thread reads single objects from the file.
 * Bodies go in as transferred bytes and position deltas come back as transferred typed
 * arrays, so neither direction copies or walks 50,000 rows on the event loop.
 */
export function workerIngestor(w: WorkerScript, dbFile: string, spare?: Spare): Ingestor {
  const worker = startRole(w, { role: 'ingest', dbFile }, 'ingest worker', { ...INGEST_THREAD, ...(spare ? { spare } : {}) });
  const send = followingSender(worker);
  let written: Promise<void> = Promise.resolve();
  let pendingList: ObjectsList | null = null;
  // Asked once an answer came ahead of its write, answered after it: readers of the file wait only while one is due.
  const writeFollows = () => (written = worker.request('written', {}).then(settled, settled));
  // At a restart the windows' first question is every last position: at 50,000 objects the
  // worker's start and its read of them took a second or more, now done while the page loads.
  void worker.request('warm', {}).then(settled, settled);
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
    names: (body) => send('names', { body }, transferables(body)),
    snapshot: () => send('snapshot', {}, []),
    written: () => written,
    events: (scope, body, fetchedAt) => send('events', { scope, body, fetchedAt }, transferables(body)),
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
 * stageObjects): the write begins a moment after the answer is posted, a status's a slice at
 * a time (write-behind.ts), and what is left of it is written first thing in the next request
 * that reads what it writes, so every such request still finds the file as the answers so far
 * describe it. The events touch tables of their own and do not wait. `written` waits for the
 * write without hurrying it.
 */
export function ingestHandlers(repos: IngestRepos, held: HeldBodies): Handlers<IngestMessages> {
  const local = inThreadIngestor(repos);
  // A body taken from the fetch is read here, whole or from its spool file (stageObjects,
  // profileOf), and given up after: a spooled one's file goes.
  const read = <T>(b: PollBody, f: (body: PollBody) => T): T => {
    const body = isHeldBody(b) ? held.take(b) : b;
    try {
      return f(body);
    } finally {
      discardBody(body);
    }
  };
  const positions = (ctx: { transfer: ArrayBuffer[] }) => (c: PositionColumns) => {
    ctx.transfer.push(...columnsTransfer(c));
    return c;
  };
  // The main side asks for the next body as soon as an answer lands, and this thread fetches
  // it: a write begun at once (a second at 50,000 objects) held that request back as long.
  const writes = writeBehind({
    delayMs: WRITE_AFTER_MS,
    // Answered already; the next poll of its kind writes it again (a status by stage(), a list as changed).
    onError: (e) => console.warn(`[ingest] a poll answered could not be stored: ${e instanceof Error ? e.message : String(e)}`),
  });
  const loadCopy = () => {
    try {
      repos.status.load();
    } catch (e) {
      // The first poll's diff loads it again.
      console.warn(`[ingest] the last status could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const afterWrite =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      writes.now();
      return f(...a);
    };
  return {
    status: afterWrite(async ({ body, fetchedAt, full }, ctx) => {
      // The write's first step still reads the body (the driver keys and stats): it goes after that.
      const taken = isHeldBody(body) ? held.take(body) : body;
      const staged = stageStatus(repos, taken, fetchedAt, () => discardBody(taken));
      writes.soon(staged);
      return positions(ctx)(full ? await local.snapshot() : staged.changes.positions);
    }),
    // Which objects changed since the main side last heard is unknown: every window reads the list.
    objects: afterWrite(async ({ body, fetchedAt, full }, ctx) => {
      const staged = read(body, (b) => stageObjects(repos, b, fetchedAt));
      let result: ObjectsIngested = full ? { ...staged.result, changed: true, reload: true } : staged.result;
      if (staged.write) writes.soon(wholeWrite(staged.write));
      if (staged.list !== undefined) {
        // The bytes themselves go: the write to come stores the copy staged in the file.
        ctx.transfer.push(...transferables(staged.list));
        result = { ...result, list: staged.list };
      }
      return result;
    }),
    profile: afterWrite(({ body, fetchedAt }) => read(body, (b) => ingestProfile(repos, b, fetchedAt))),
    // Reads no table: a status still being written does not hold it back.
    names: ({ body }, ctx) => {
      const list = read(body, namesList);
      ctx.transfer.push(...transferables(list));
      return list;
    },
    snapshot: afterWrite((_, ctx) => {
      const answer = local.snapshot().then(positions(ctx));
      // The copy the next poll is diffed against, loaded once the window has its positions.
      void answer.finally(() => setImmediate(loadCopy));
      return answer;
    }),
    written: () => writes.idle(),
    warm: () => repos.status.warm(),
    // The events' own tables only: a status still being written does not hold them back.
    events: ({ scope, body, fetchedAt, full }): EventsIngested => {
      const r = read(body, (b) => ingestEvents(repos, scope, b, fetchedAt));
      if (!full) return r;
      const { events, pendingIds } = repos.events.unacknowledgedModel();
      return { ...r, upserted: events, full: { pendingIds } };
    },
  };
}
