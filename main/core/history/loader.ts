/**
 * The history loader of one connection: answers from the cache, then fetches only the
 * gaps (DESIGN.md "History is loaded by coverage").
 *
 * - Gaps come from the cache's coverage; windows from windows.ts (≤ 30 days, sized by the
 *   object's learned density, halved on a 400 that names the length, bounded).
 * - At most `maxInFlight` windows of one load are requested at once. With a worker script,
 *   the writer's worker fetches each window itself and keeps the body (workers/fetch.ts),
 *   parses and stores it with its own connection: a month's 200 MB of JSON never crosses
 *   this thread (it cost the main side ~2 s of garbage collection per cold month). Without
 *   one, bodies stay bytes here and the writer runs in-thread.
 * - Coverage is recorded only up to now − `openEdgeMs`: the service may still receive late
 *   points for the recent minutes, so that edge is fetched again next time.
 * - Loads of one object run one after another: the second one recomputes its gaps when
 *   its turn comes, so overlapping requests never fetch the same window twice.
 */
import { randomUUID } from 'node:crypto';
import pTimeout from 'p-timeout';
import { FleetError, isFleetError, type ErrorInfo } from '../../../common/errors';
import { type HistoryProgress, type PlaceAnswer, type WireHistoryData, type WireHistoryLoadResult } from '../../../common/methods/history';
import { PLACE_SPAN_MS, placeAt } from '../../../common/place-at';
import { unpackTrack } from '../../../common/track-wire';
import { isIntervalTooLong, type FleetApi } from '../api';
import type { HeldBody } from '../api/held-body';
import { HISTORY_KIND, type Cache } from '../cache';
import type { PushBus } from '../rpc/pushes';
import { createKeyedMutex } from '../sync/mutex';
import type { WorkerScript } from '../workers/protocol';
import type { TrackSketch } from './sketch';
import { pause, RETRY_DELAYS_MS, retryable } from './retry';
import { SketchMemo } from './sketch-memo';
import { readOverview, readRange } from './store';
import { inThreadHistoryWriter, workerHistoryReader, workerHistoryWriter, type HistoryReader, type HistoryWriter } from './writer';
import { DEFAULT_POLICY, halve, totalMs, WindowQueue, windowLength, type Window, type WindowPolicy } from './windows';

export interface HistoryServiceOptions {
  api: Pick<FleetApi, 'history'>;
  cache: Cache;
  bus: Pick<PushBus, 'emit'>;
  now?: () => number;
  /** Not recorded as covered: the most recent this many ms (late points may still arrive). */
  openEdgeMs?: number;
  /** Windows of one load requested at once. */
  maxInFlight?: number;
  policy?: Partial<WindowPolicy>;
  /**
   * The worker entry (workers/entry.ts) that parses and stores windows off this thread, in
   * the history roles; absent: in-thread (tests, diagnostics).
   */
  worker?: WorkerScript;
  /** The network is known to be down (the connectivity tracker): `placeAt` answers from the cache at once. */
  isOffline?: () => boolean;
  /**
   * Waits before each new try of a window that failed (after the HTTP layer's own quick
   * retries). Default `RETRY_DELAYS_MS`, about a minute in all; tests shorten it.
   */
  retryDelaysMs?: readonly number[];
  log?: (msg: string, e?: unknown) => void;
}

interface RunningLoad {
  id: string;
  ctl: AbortController;
  /** True when every gap was fetched and stored. */
  done: Promise<boolean>;
}

export { RETRY_DELAYS_MS };
export const OPEN_EDGE_MS = 10 * 60_000;
/** How long `placeAt` waits for the span to arrive before it answers from what is cached. */
export const PLACE_WAIT_MS = 8_000;
/** 400s for length tolerated per load before giving up (each halves the window). */
const MAX_HALVINGS = 12;
/** A load that stopped on a failure: its missing windows (the cache's gaps) can be resumed under its id. */
interface StalledLoad {
  objectId: number;
  from: number;
  till: number;
}

function toErrorInfo(e: unknown): ErrorInfo {
  if (isFleetError(e)) return { code: e.code, message: e.message };
  return { code: 'server_error', message: e instanceof Error ? e.message : String(e) };
}

export class HistoryService {
  private readonly now: () => number;
  private readonly openEdgeMs: number;
  private readonly maxInFlight: number;
  private readonly policy: WindowPolicy;
  private readonly writer: HistoryWriter;
  private readonly reader: HistoryReader | null;
  private readonly loads = new Map<string, RunningLoad>();
  private readonly stalled = new Map<string, StalledLoad>();
  private readonly retryDelaysMs: readonly number[];
  /** Per object: its loads, one after another. */
  private readonly chains = createKeyedMutex<number>();
  /** Per object: bytes of answer per ms of history, from the last window. */
  private readonly density = new Map<number, number>();
  /** The sketch size the screen last asked for: a finished load sketches its interval ahead with it. */
  private overviewPoints = 0;
  private readonly sketches = new SketchMemo();
  private closed = false;
  private readonly log: (msg: string, e?: unknown) => void;

  /** Requests of POST /api/ObjectsHistory sent, with their windows (diagnostics, tests). */
  readonly requests: Window[] = [];

  constructor(private readonly o: HistoryServiceOptions) {
    this.now = o.now ?? Date.now;
    this.openEdgeMs = o.openEdgeMs ?? OPEN_EDGE_MS;
    this.maxInFlight = Math.max(1, o.maxInFlight ?? 2);
    this.policy = { ...DEFAULT_POLICY, ...o.policy };
    this.writer = o.worker ? workerHistoryWriter(o.worker, o.cache.file) : inThreadHistoryWriter(o.cache);
    this.reader = o.worker ? workerHistoryReader(o.worker, o.cache.file) : null;
    this.log = o.log ?? (() => {});
    this.retryDelaysMs = o.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  /** The longest window the service is believed to accept (halved by 400s). */
  get maxWindowMs(): number {
    return this.policy.maxMs;
  }

  /** Whether windows are parsed and stored in a worker thread. */
  get threaded(): boolean {
    return this.writer.threaded;
  }

  /** The cached data, its track packed for the socket (common/track-wire.ts). */
  async read(objectId: number, from: number, till: number): Promise<WireHistoryData> {
    this.check();
    this.startWorkers();
    if (this.reader) return this.reader.read(objectId, from, till);
    return readRange(this.o.cache, objectId, from, till, () => !this.closed);
  }

  /** The sketch of the cached track's coarse copy (store.ts readOverview), off this thread when there is a worker. */
  overview(objectId: number, from: number, till: number, maxPoints = Infinity): Promise<TrackSketch> {
    this.check();
    this.startWorkers();
    if (Number.isFinite(maxPoints)) this.overviewPoints = maxPoints;
    return this.sketch(objectId, from, till, maxPoints, this.reader?.overview);
  }

  /**
   * The sketch, remembered by interval while its hours stay as they are (sketch-memo.ts):
   * a remembered one is answered here, without a worker's turn. The stamp is taken before
   * the sketch is made: hours written meanwhile make it stale, never wrongly fresh.
   */
  private async sketch(objectId: number, from: number, till: number, maxPoints: number, make?: HistoryReader['overview']): Promise<TrackSketch> {
    const key = `${objectId}:${from}:${till}:${maxPoints}`;
    const stamp = this.o.cache.tracks.overviewStamp(objectId, from, till);
    const kept = this.sketches.get(key, stamp);
    if (kept) return kept;
    const made = make ? await make(objectId, from, till, maxPoints) : readOverview(this.o.cache, objectId, from, till, maxPoints);
    this.sketches.set(key, stamp, made);
    return made;
  }

  /** Cached data now; the missing parts are fetched in the background (pushes). */
  async load(objectId: number, from: number, till: number): Promise<WireHistoryLoadResult> {
    const data = await this.read(objectId, from, till);
    if (data.coverage.complete) return { ...data, loadId: null };
    return { ...data, loadId: this.start(randomUUID(), objectId, from, till) };
  }

  /**
   * Fetches again what a load that stopped on a failure still lacks (the cache's gaps of its
   * interval), under the same id, so the screen that asked for it takes the pushes as before.
   * False when no such load is known (finished, cancelled, or from before a restart).
   */
  resume(loadId: string): boolean {
    const s = this.stalled.get(loadId);
    if (!s || this.closed || this.loads.has(loadId)) return false;
    this.stalled.delete(loadId);
    this.log(`history: resuming load ${loadId}`);
    this.start(loadId, s.objectId, s.from, s.till);
    return true;
  }

  /** Resumes every stopped load (the connection came back). */
  resumeAll(): number {
    let n = 0;
    for (const id of [...this.stalled.keys()]) if (this.resume(id)) n++;
    return n;
  }

  private start(id: string, objectId: number, from: number, till: number): string {
    const ctl = new AbortController();
    const done = this.chains.run(objectId, async () => {
      // Start after the reply is on its way: pushes for this load never precede it.
      await new Promise<void>((r) => setImmediate(r));
      return this.run(id, objectId, from, till, ctl.signal);
    });
    void done.catch(() => undefined).then(() => this.loads.delete(id));
    this.loads.set(id, { id, ctl, done });
    return id;
  }

  /**
   * Where the object was at `at`: the span around it is loaded like any interval (so it is
   * cached for next time, offline included), waited for at most `waitMs`, then read.
   */
  async placeAt(objectId: number, at: number, waitMs = PLACE_WAIT_MS): Promise<PlaceAnswer> {
    const from = at - PLACE_SPAN_MS;
    const till = Math.max(at + 1, Math.min(at + PLACE_SPAN_MS, this.now()));
    // Known offline, a fetch would only fail after its retries: what the cache holds, now.
    let data: WireHistoryData = this.o.isOffline?.() ? await this.read(objectId, from, till) : await this.load(objectId, from, till);
    const loadId = (data as Partial<WireHistoryLoadResult>).loadId;
    // Coverage stops short of the last minutes (late points may come): a load that
    // fetched every gap has all there is, recorded or not.
    let fetchedAll = false;
    if (loadId) {
      const done = this.loads.get(loadId)?.done.catch(() => false) ?? Promise.resolve(false);
      fetchedAll = await pTimeout(done, { milliseconds: waitMs, fallback: () => false });
      data = await this.read(objectId, from, till);
    }
    return { place: placeAt(unpackTrack(data.track), data.parkings, at), complete: fetchedAll || data.coverage.complete };
  }

  /** Resolves when the load has finished (tests, benchmarks). */
  async settled(loadId: string): Promise<void> {
    await this.loads.get(loadId)?.done.catch(() => undefined);
  }

  cancel(loadId: string): boolean {
    if (this.stalled.delete(loadId)) return true;
    const l = this.loads.get(loadId);
    if (!l || l.ctl.signal.aborted) return false;
    l.ctl.abort(new FleetError('invalid_input', 'The history load was cancelled'));
    return true;
  }

  /**
   * Starts the writer's and the reader's threads if they are not running, both at the first
   * history request (decision 0055): a console that never shows history keeps no idle
   * threads (30–40 MB each), and a load's writer boots while the reader answers its read.
   */
  startWorkers(): void {
    if (this.closed) return;
    this.writer.start?.();
    this.reader?.start();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const l of this.loads.values()) l.ctl.abort(new FleetError('invalid_input', 'The connection was closed'));
    void this.writer.close();
    void this.reader?.close();
  }

  private check() {
    if (this.closed) throw new FleetError('unauthorized', 'The connection was closed');
  }

  private emit(p: HistoryProgress) {
    if (!this.closed) this.o.bus.emit('history/progress', p);
  }

  private async run(loadId: string, objectId: number, from: number, till: number, signal: AbortSignal): Promise<boolean> {
    const base = { loadId, objectId, from, till };
    if (signal.aborted || this.closed) {
      this.emit({ ...base, fetchedMs: 0, totalMs: 0, done: true, cancelled: true });
      return false;
    }
    // Recomputed now: an earlier load of this object may have filled part of it.
    const gaps = this.o.cache.coverage.gaps(objectId, from, till, HISTORY_KIND);
    const total = totalMs(gaps);
    let fetched = 0;
    const queue = new WindowQueue(gaps);
    let halvings = 0;
    let failure: unknown = null;
    let inFlight = 0;
    this.emit({ ...base, fetchedMs: 0, totalMs: total, done: false });

    await new Promise<void>((resolveAll) => {
      const pump = () => {
        while (!failure && !signal.aborted && inFlight < this.maxInFlight) {
          // With the density unknown, one probe at a time: its answer sizes the others.
          if (inFlight > 0 && !this.density.has(objectId)) break;
          const w = queue.next(windowLength(this.policy, this.density.get(objectId)));
          if (!w) break;
          inFlight++;
          void this.fetchPatiently(objectId, w, signal, (p) => this.emit({ ...base, fetchedMs: fetched, totalMs: total, done: false, retrying: p })).then(
            () => {
              fetched += w.till - w.from;
              this.emit({ ...base, fetchedMs: fetched, totalMs: total, done: false });
              if (!this.closed) this.o.bus.emit('history/chunk', { loadId, objectId, from: w.from, till: w.till });
            },
            (e: unknown) => {
              if (signal.aborted) return;
              const parts = isIntervalTooLong(e) && halvings < MAX_HALVINGS ? halve(w, this.policy.minMs) : null;
              if (parts) {
                halvings++;
                // The service told us its limit is below this window: remember for the session.
                this.policy.maxMs = Math.min(this.policy.maxMs, parts[0].till - parts[0].from);
                this.log(`history: ${w.till - w.from} ms refused as too long; trying halves`);
                queue.pushFront(...parts);
              } else failure = e;
            },
          ).finally(() => {
            inFlight--;
            pump();
          });
        }
        if (inFlight === 0) resolveAll();
      };
      pump();
    });

    if (signal.aborted || this.closed) this.emit({ ...base, fetchedMs: fetched, totalMs: total, done: true, cancelled: true });
    else if (failure) {
      // What is missing stays the cache's gaps; a stopped load can be resumed for them.
      if (retryable(failure)) this.stalled.set(loadId, { objectId, from, till });
      this.emit({ ...base, fetchedMs: fetched, totalMs: total, done: true, error: toErrorInfo(failure) });
    }
    else {
      this.emit({ ...base, fetchedMs: fetched, totalMs: total, done: true });
      this.sketchLater(objectId, from, till);
      return true;
    }
    return false;
  }

  /**
   * The interval just loaded is the likeliest to be opened again: its sketch is made now
   * and remembered, so that opening it draws at once. By the writer's worker, idle now:
   * the screen's last read of the load goes to the reader and must not wait behind it.
   */
  private sketchLater(objectId: number, from: number, till: number): void {
    const points = this.overviewPoints;
    if (!this.writer.overview || !points || this.closed) return;
    this.sketch(objectId, from, till, points, this.writer.overview).catch(() => {});
  }

  /**
   * One window, tried again after each of `retryDelaysMs` while it fails in a way a later try
   * may cure; each wait is said (`retrying`) so the screen can tell waiting from stuck.
   */
  private async fetchPatiently(
    objectId: number,
    w: Window,
    signal: AbortSignal,
    onWait: (r: NonNullable<HistoryProgress['retrying']>) => void,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.fetchWindow(objectId, w, signal);
      } catch (e) {
        const wait = this.retryDelaysMs[attempt];
        if (signal.aborted || this.closed || wait === undefined || !retryable(e) || isIntervalTooLong(e)) throw e;
        // Known offline: stop now; the load resumes when connectivity turns online (connection/history.ts).
        if (this.o.isOffline?.()) throw e;
        this.log(`history: window ${w.from}–${w.till} failed (${toErrorInfo(e).code}); try ${attempt + 2} in ${wait} ms`);
        onWait({ attempt: attempt + 1, inMs: wait, error: toErrorInfo(e) });
        await pause(wait, signal);
      }
    }
  }

  private async fetchWindow(objectId: number, w: Window, signal: AbortSignal): Promise<void> {
    this.requests.push({ ...w });
    const req = { ObjectId: objectId, From: w.from, Till: w.till };
    const held = this.writer.fetch;
    // With a worker, the body is fetched and kept by the writer (its bytes never reach this
    // thread); otherwise it stays bytes here: parsing it on this thread would stall the renderer's RPCs.
    const body: Uint8Array | HeldBody = held
      ? await this.o.api.history.windowHeld(req, held, { signal })
      : await this.o.api.history.windowBytes(req, { signal });
    if (signal.aborted) throw signal.reason;
    // Before the bytes are handed over (transferred, detached here).
    this.density.set(objectId, (body instanceof Uint8Array ? body.byteLength : body.bytes) / Math.max(1, w.till - w.from));
    const { stored } = await this.writer.store(
      body,
      { objectId, from: w.from, till: w.till, coveredTill: this.now() - this.openEdgeMs, fetchedAt: this.now() },
      signal,
    );
    if (signal.aborted || this.closed) throw signal.reason ?? new Error('closed');
    if (!stored) throw signal.reason ?? new Error('stopped');
  }
}

