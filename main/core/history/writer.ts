/**
 * Who turns a fetched POST /api/ObjectsHistory body into stored rows.
 *
 * Parsing a 1 Hz day blocks for ~100 ms and committing its track, sensors and coverage
 * for tens of ms more (measured: 8–66 ms per 18k-point commit under load, plus WAL
 * checkpoints), so on the main thread a cold month stalls the loop far past its 10 ms
 * budget. The apps therefore run both in a worker thread with its own better-sqlite3
 * connection to the same WAL file: the main thread transfers the body's bytes (no copy)
 * and gets back a few numbers; readers see the rows at their next statement.
 *
 * The workers are instances of the one worker entry (workers/entry.ts), in the roles
 * history-writer and history-reader (worker-messages.ts): one entry file to bundle and to
 * run under tsx, and threads of their own, so a month of history never delays a status
 * poll. Without a worker script (tests, diagnostics) the same parse and store run in-thread.
 */
import { FleetError, isFleetError } from '../../../common/errors';
import type { TrackColumns } from '../../../common/track';
import type { WireTrack } from '../../../common/track-wire';
import type { WireHistoryData } from '../../../common/methods/history';
import { HISTORY_ENDPOINT as ENDPOINT } from '../api/history';
import type { HeldBody } from '../api/held-body';
import type { Cache } from '../cache';
import { chunksOf, heldBodyFetch, type HeldBodies } from '../workers/fetch';
import type { Handlers, WorkerScript } from '../workers/protocol';
import { startRole } from '../workers/roles';
import { ColumnPool } from './column-pool';
import { parseHistoryBody, transferable, type ParsedHistory } from './parse-track';
import type { ColumnsFor } from './positions-scan';
import type { TrackSketch } from './sketch';
import { readOverview, readRange, storeWindow, type WindowInfo } from './store';
import type { HistoryReaderMessages, HistoryWriterMessages, WindowStored } from './worker-messages';

export interface HistoryWriter {
  /**
   * Parses and stores one body: its bytes (which may be detached, transferred, on return)
   * or the handle of one this writer's fetch kept. A body that is not a history answer
   * rejects with `server_error`.
   */
  store(body: Uint8Array | HeldBody, w: WindowInfo, signal: AbortSignal): Promise<WindowStored>;
  /**
   * A fetch for the windows whose successful bodies stay with the writer (workers/fetch.ts),
   * so a month's 200 MB of JSON never crosses the main thread. Absent in-thread.
   */
  readonly fetch?: typeof fetch;
  /** Whether the work runs in a worker thread. */
  readonly threaded: boolean;
  /**
   * The sketch of a cached interval (store.ts readOverview), made in the writer's worker:
   * idle once a load has ended, unlike the reader, which the screen is waiting on then.
   * Absent in-thread.
   */
  readonly overview?: HistoryReader['overview'];
  /** Starts the worker, when there is one, if it has not started yet (workerHistoryWriter). */
  start?(): void;
  close(): Promise<void>;
}

function unreadable(e: unknown): FleetError {
  if (isFleetError(e)) return e;
  return new FleetError('server_error', `${ENDPOINT}: the answer could not be read (${e instanceof Error ? e.message : String(e)})`);
}

function parseWindow(bytes: Uint8Array, columns?: ColumnsFor): ParsedHistory {
  try {
    return parseHistoryBody(bytes, columns ? { columns } : {});
  } catch (e) {
    throw unreadable(e);
  }
}

/** The parsed window stored on this thread: both sides of the worker run this. */
async function storeHere(cache: Cache, parsed: ParsedHistory, w: WindowInfo, stopped: () => boolean): Promise<WindowStored> {
  const stored = await storeWindow(cache, { ...w, stopped }, parsed);
  return { stored, points: parsed.track.time.length };
}

/**
 * One buffer the worker joins each held body's chunks into, kept from window to window.
 * A fresh 16 MB array per window, beside the chunks themselves, made V8 collect the whole
 * heap every few windows for the external memory alone (48 full collections, about 1 s
 * of a cold month on the writer's thread). Safe to reuse because a body is parsed (into
 * columns and a string of its own) before anything else runs on this thread.
 */
class JoinBuffer {
  private buf = new Uint8Array(0);

  join(parts: readonly Uint8Array[]): Uint8Array {
    if (parts.length === 1) return parts[0]!;
    const total = parts.reduce((n, p) => n + p.byteLength, 0);
    if (total > this.buf.length) this.buf = new Uint8Array(Math.max(total, Math.ceil(this.buf.length * 1.25)));
    let at = 0;
    for (const p of parts) {
      this.buf.set(p, at);
      at += p.byteLength;
    }
    return this.buf.subarray(0, total);
  }
}

export function inThreadHistoryWriter(cache: Cache): HistoryWriter {
  return {
    threaded: false,
    store: async (body, w, signal) => {
      if (!(body instanceof Uint8Array)) throw new Error('An in-thread history writer holds no fetched bodies');
      return storeHere(cache, parseWindow(body), w, () => signal.aborted || !cache.db.open);
    },
    close: async () => {},
  };
}

/**
 * A worker owning its own connection to `dbFile`. Windows are sent as they arrive (at
 * most a load's in-flight count); an aborted one is told to stop at its next batch.
 */
export function workerHistoryWriter(script: WorkerScript, dbFile: string): HistoryWriter {
  // Whatever batch is open when it is closed is rolled back with the worker's connection;
  // coverage comes last, so that window is simply fetched again.
  // Deferred, as the reader: nothing needs history at launch (HistoryService.startWorkers).
  const w = startRole(script, { role: 'history-writer', dbFile }, 'history writer', { deferred: true });
  return {
    threaded: true,
    start: () => w.start(),
    fetch: heldBodyFetch((req, signal) => w.request('fetch', req, signal ? { signal } : {})),
    overview: (objectId, from, till, maxPoints) => w.request('overview', { objectId, from, till, maxPoints }),
    store(body, info, signal) {
      const buf = body instanceof Uint8Array ? transferable(body) : body;
      return w.request('store', { body: buf, ...pick(info) }, { transfer: buf instanceof ArrayBuffer ? [buf] : [], signal });
    },
    close: () => w.close(),
  };
}

export interface HistoryReader {
  /** The columns packed for the socket (common/track-wire.ts). */
  read(objectId: number, from: number, till: number): Promise<WireHistoryData>;
  /** The sketch of the track's coarse copy (store.ts readOverview), made here too: a month is tens of ms of reading. */
  overview(objectId: number, from: number, till: number, maxPoints: number): Promise<TrackSketch>;
  /** Starts the worker if it has not started yet. */
  start(): void;
  close(): Promise<void>;
}

/**
 * Reads in a worker of their own (not queued behind a window being parsed): a month is
 * ~100 MB of columns built from 720 blobs, whose allocations alone cost the main thread
 * tens of ms of GC; here it receives the finished columns, transferred.
 */
export function workerHistoryReader(script: WorkerScript, dbFile: string): HistoryReader {
  const w = startRole(script, { role: 'history-reader', dbFile }, 'history reader', { deferred: true });
  return {
    start: () => w.start(),
    read: (objectId, from, till) => w.request('read', { objectId, from, till }),
    overview: (objectId, from, till, maxPoints) => w.request('overview', { objectId, from, till, maxPoints }),
    close: () => w.close(),
  };
}

/** Buffers of every column of a read (each column owns its buffer). */
function readTransfers(d: WireHistoryData): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>(trackTransfers(d.track));
  for (const s of d.sensors) out.add(s.time.buffer as ArrayBuffer).add(s.value.buffer as ArrayBuffer);
  return [...out];
}

/** Buffers of a track's columns. */
function trackTransfers(t: TrackColumns | WireTrack): ArrayBuffer[] {
  return [...new Set((Object.values(t) as ArrayBufferView[]).map((c) => c.buffer as ArrayBuffer))];
}

const pick = (w: WindowInfo): WindowInfo => ({
  objectId: w.objectId,
  from: w.from,
  till: w.till,
  coveredTill: w.coveredTill,
  fetchedAt: w.fetchedAt,
});

/** Sketches between the steps of a full read (readRange yields), so one is not queued behind it. */
function overview(cache: Cache): Handlers<HistoryReaderMessages>['overview'] {
  return ({ objectId, from, till, maxPoints }, ctx) => {
    const result = readOverview(cache, objectId, from, till, maxPoints);
    ctx.transfer.push(...trackTransfers(result.track), result.breaks.buffer as ArrayBuffer);
    return result;
  };
}

/** The history reader's worker side, served by the entry (workers/entry.ts). */
export function historyReaderHandlers(cache: Cache): Handlers<HistoryReaderMessages> {
  return {
    // Already packed (coordinates as integers, half their bytes on the socket), off the main thread.
    read: ({ objectId, from, till }, ctx) =>
      readRange(cache, objectId, from, till).then((result) => {
        ctx.transfer.push(...readTransfers(result));
        return result;
      }),
    overview: overview(cache),
  };
}

/** The history writer's worker side, served by the entry: kept here so both sides change together. */
export function historyWriterHandlers(cache: Cache, held: HeldBodies): Handlers<HistoryWriterMessages> {
  const joined = new JoinBuffer();
  const pool = new ColumnPool();
  return {
    overview: overview(cache),
    store: ({ body, ...w }, { signal }) => {
      // Parsed here, in this turn, so the join buffer is free again before the next message.
      const parsed = parseWindow(body instanceof ArrayBuffer ? new Uint8Array(body) : joined.join(chunksOf(held.take(body))), pool.take);
      // Stored (or given up): nothing holds the track's columns now.
      return storeHere(cache, parsed, pick(w), () => signal.aborted).finally(() => pool.giveBack(parsed.track));
    },
  };
}
