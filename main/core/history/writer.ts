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
 * The worker is another instance of the poll ingest worker's entry
 * (sync/ingest-worker.ts, built as out/main/ingest-worker.js), which also serves these
 * messages: one entry file to bundle and to run under tsx, and its own thread, so a
 * month of history never delays a status poll. Without a worker script (tests,
 * diagnostics) the same parse and store run in-thread.
 */
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
import type { TrackColumns } from '../../../common/track';
import type { WireTrack } from '../../../common/track-wire';
import type { WireHistoryData } from '../../../common/methods/history';
import { HISTORY_ENDPOINT as ENDPOINT } from '../api/history';
import type { HeldBody } from '../api/http';
import type { Cache } from '../cache';
import type { EntryData, IngestWorkerScript } from '../sync/ingest';
import { errorReply, startWorkerClient } from '../sync/worker-client';
import { heldBodyFetch, type HeldBodies } from '../sync/worker-fetch';
import { ColumnPool } from './column-pool';
import { parseHistoryBody, transferable, type ParsedHistory } from './parse-track';
import type { ColumnsFor } from './positions-scan';
import type { TrackSketch } from './sketch';
import { readOverview, readRange, storeWindow } from './store';

/** The window a body answers, and what of it may be recorded as covered. */
export interface WindowInfo {
  objectId: number;
  from: number;
  till: number;
  coveredTill: number;
  fetchedAt: number;
}

export interface WindowStored {
  /** False when stopped before the end (nothing recorded as covered). */
  stored: boolean;
  points: number;
}

export interface HistoryWriter {
  /**
   * Parses and stores one body: its bytes (which may be detached, transferred, on return)
   * or the handle of one this writer's fetch kept. A body that is not a history answer
   * rejects with `server_error`.
   */
  store(body: Uint8Array | HeldBody, w: WindowInfo, signal: AbortSignal): Promise<WindowStored>;
  /**
   * A fetch for the windows whose successful bodies stay with the writer (worker-fetch.ts),
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

export interface HistoryStoreRequest extends WindowInfo {
  id: number;
  kind: 'history';
  /** The bytes, or the handle of a body the worker's fetch kept. */
  body: ArrayBuffer | HeldBody;
}
export interface HistoryCancelRequest {
  id: number;
  kind: 'history-cancel';
}
export interface HistoryReadRequest {
  id: number;
  kind: 'history-read';
  objectId: number;
  from: number;
  till: number;
}
export interface HistoryOverviewRequest {
  id: number;
  kind: 'history-overview';
  objectId: number;
  from: number;
  till: number;
  /** The sketch's budget (sketch.ts). */
  maxPoints: number;
}
export type HistoryReply =
  | { id: number; result: WindowStored }
  | { id: number; error: { code: ErrorCode | null; message: string } };

/** One worker instance of the entry, owning its own connection to `dbFile`. */
function startWorker(script: IngestWorkerScript, dbFile: string, name: string, role: EntryData['role']) {
  // Whatever batch is open when it is closed is rolled back with the worker's connection;
  // coverage comes last, so that window is simply fetched again.
  return startWorkerClient(script, { dbFile, role } satisfies EntryData, name, 'history-cancel' satisfies HistoryCancelRequest['kind']);
}

/**
 * A worker owning its own connection to `dbFile`. Windows are sent as they arrive (at
 * most a load's in-flight count); an aborted one is told to stop at its next batch.
 */
export function workerHistoryWriter(script: IngestWorkerScript, dbFile: string): HistoryWriter {
  const w = startWorker(script, dbFile, 'history writer', 'history-writer');
  return {
    threaded: true,
    fetch: heldBodyFetch(w),
    overview: (objectId, from, till, maxPoints) =>
      w.request<TrackSketch>((id) => ({ msg: { id, kind: 'history-overview', objectId, from, till, maxPoints } satisfies HistoryOverviewRequest })),
    store(body, info, signal) {
      const buf = body instanceof Uint8Array ? transferable(body) : body;
      return w.request<WindowStored>((id) => {
        const msg: HistoryStoreRequest = { id, kind: 'history', body: buf, ...pick(info) };
        return { msg, transfer: buf instanceof ArrayBuffer ? [buf] : [] };
      }, signal);
    },
    close: () => w.close(),
  };
}

export interface HistoryReader {
  /** The columns packed for the socket (common/track-wire.ts). */
  read(objectId: number, from: number, till: number): Promise<WireHistoryData>;
  /** The sketch of the track's coarse copy (store.ts readOverview), made here too: a month is tens of ms of reading. */
  overview(objectId: number, from: number, till: number, maxPoints: number): Promise<TrackSketch>;
  close(): Promise<void>;
}

/**
 * Reads in a worker of their own (not queued behind a window being parsed): a month is
 * ~100 MB of columns built from 720 blobs, whose allocations alone cost the main thread
 * tens of ms of GC; here it receives the finished columns, transferred.
 */
export function workerHistoryReader(script: IngestWorkerScript, dbFile: string): HistoryReader {
  const w = startWorker(script, dbFile, 'history reader', 'history-reader');
  return {
    read: (objectId, from, till) =>
      w.request<WireHistoryData>((id) => ({ msg: { id, kind: 'history-read', objectId, from, till } satisfies HistoryReadRequest })),
    overview: (objectId, from, till, maxPoints) =>
      w.request<TrackSketch>((id) => ({ msg: { id, kind: 'history-overview', objectId, from, till, maxPoints } satisfies HistoryOverviewRequest })),
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

interface Port {
  on(ev: 'message', cb: (m: { kind?: unknown }) => void): void;
  postMessage(m: HistoryReply | { id: number; result: WireHistoryData | TrackSketch }, transfer?: ArrayBuffer[]): void;
}

/** The worker side, called from sync/ingest-worker.ts: kept here so both sides change together. */
export function serveHistory(cache: Cache, port: Port, held: HeldBodies): void {
  const cancelled = new Set<number>();
  const storing = new Set<number>();
  const joined = new JoinBuffer();
  const pool = new ColumnPool();
  port.on('message', (m) => {
    if (m.kind === 'history-cancel') {
      // The same kind cancels this worker's fetches (worker-fetch.ts): only stores are noted here.
      const { id } = m as HistoryCancelRequest;
      if (storing.has(id)) cancelled.add(id);
      return;
    }
    if (m.kind === 'history-overview') {
      // Between the steps of a full read (readRange yields), so it is not queued behind one.
      const { id, objectId, from, till, maxPoints } = m as HistoryOverviewRequest;
      try {
        const result = readOverview(cache, objectId, from, till, maxPoints);
        port.postMessage({ id, result }, [...trackTransfers(result.track), result.breaks.buffer as ArrayBuffer]);
      } catch (e) {
        port.postMessage(errorReply(id, e));
      }
      return;
    }
    if (m.kind === 'history-read') {
      const { id, objectId, from, till } = m as HistoryReadRequest;
      readRange(cache, objectId, from, till).then(
        // Already packed (coordinates as integers, half their bytes on the socket), off the main thread.
        (result) => port.postMessage({ id, result }, readTransfers(result)),
        (e: unknown) => port.postMessage(errorReply(id, e)),
      );
      return;
    }
    if (m.kind !== 'history') return;
    const { id, body, ...w } = m as HistoryStoreRequest;
    let parsed: ParsedHistory;
    try {
      // Parsed here, in this turn, so the join buffer is free again before the next message.
      parsed = parseWindow(body instanceof ArrayBuffer ? new Uint8Array(body) : joined.join(held.take(body)), pool.take);
    } catch (e) {
      port.postMessage(errorReply(id, e));
      return;
    }
    storing.add(id);
    storeHere(cache, parsed, pick(w), () => cancelled.has(id))
      .then(
        (result) => port.postMessage({ id, result }),
        (e: unknown) => port.postMessage(errorReply(id, e)),
      )
      .finally(() => {
        storing.delete(id);
        cancelled.delete(id);
        // Stored (or given up): nothing holds the track's columns now.
        pool.giveBack(parsed.track);
      });
  });
}
