/**
 * One interval of one object: the cache's copy at once (history/load), then, while the
 * core fetches the gaps, re-reads as windows are stored (history/chunk), throttled so a
 * long load does not re-read a big track for every window. A new interval cancels the
 * previous load; what it stored stays in the cache.
 */
import { useEffect, useRef, useState } from 'react';
import { unpackHistory, type HistoryData, type HistoryOverview, type HistoryProgress, type HistoryRecords } from '../../../../common/methods/history';
import { RpcError, onPush, rpc } from '../../rpc/client';
import { coalesce, mergeHistory } from './merge';
import { fetchCachedRecords, fetchRecords } from '../records/records';

export interface HistoryRequest {
  objectId: number;
  from: number;
  till: number;
}

export interface HistoryState {
  data: HistoryData | null;
  /** A sketch of the cached track, drawn until `data` arrives (history/overview). */
  overview: HistoryOverview | null;
  /** Background fetch of the gaps; null when nothing is being fetched. */
  progress: HistoryProgress | null;
  loading: boolean;
  error: string | null;
  /** The daily statistics shown: the service's answer, or the cache's copy (`fromCache`, `fetchedAt`) until it comes. */
  dailyStats: HistoryRecords | null;
  /** The service is being asked for them. */
  dailyLoading: boolean;
  /** Why the service's answer is missing (the rest of the screen works without them). */
  dailyError: string | null;
  /** Bumps on every new copy of the data, for memoised derivations. */
  version: number;
}

const EMPTY: HistoryState = { data: null, overview: null, progress: null, loading: false, error: null, dailyStats: null, dailyLoading: false, dailyError: null, version: 0 };

export interface HistoryActions {
  /** Fetches again what a load that stopped on a failure lacks (or opens the interval again). */
  retry(): void;
  retryDaily(): void;
}
const REREAD_MS = 1500;
const REREAD_COST_FACTOR = 5;
/**
 * The first draw's budget. The sketch is every street driven once (main/core/history/sketch.ts):
 * a month in one town is a few tens of thousands of points where its coarse copy has 200,000.
 * Above this the host coarsens the sketch's cells: a bound on what the socket, the model and
 * the stroke cost before anything is on screen.
 */
const OVERVIEW_POINTS = 60_000;
/** The longest the load waits for the sketch: a sketch stuck behind other work must not hold the whole interval back. */
const SKETCH_WAIT_MS = 1_000;
/** A load sends a chunk and a progress push per window: a month in one-day probes is about sixty. */
const EARLY_PUSHES_KEPT = 2_000;

const text = (e: unknown) => (e instanceof RpcError ? e.text : e instanceof Error ? e.message : String(e));

export function useHistory(req: HistoryRequest | null): HistoryState & HistoryActions {
  const [state, setState] = useState<HistoryState>(EMPTY);
  // Bumped to open the interval again when a stopped load is no longer known to the host.
  const [attempt, setAttempt] = useState(0);
  const key = req ? `${req.objectId}:${req.from}:${req.till}` : '';
  const actions = useRef<HistoryActions>({ retry: () => {}, retryDaily: () => {} });

  useEffect(() => {
    if (!req) {
      setState(EMPTY);
      return;
    }
    const range = { objectId: req.objectId, from: req.from, till: req.till };
    let alive = true;
    let loadId: string | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reading = false;
    let again = false;
    // Windows stored since the last read: only they are read and merged into the copy on
    // screen (merge.ts), up to the load's end; reading the whole interval again at the end
    // would send a month through the socket once more for the same picture.
    let stored: [number, number][] = [];
    let data: HistoryData | null = null;
    // Called once the reads in flight, and the ones they queued, are all on screen.
    let whenRead: (() => void)[] = [];

    const reread = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      const t0 = performance.now();
      try {
        const parts = !data ? null : coalesce(stored, range.from, range.till);
        stored = [];
        if (parts?.length === 0) return;
        if (parts === null) {
          data = unpackHistory(await rpc('history/read', range));
        } else {
          for (const [from, till] of parts) {
            // Merged from the wire form: the coordinates go straight into the screen's columns.
            const part = await rpc('history/read', { objectId: range.objectId, from, till });
            if (!alive || !data) return;
            data = mergeHistory(data, part);
          }
        }
        if (!alive) return;
        const next = data;
        setState((s) => ({ ...s, data: next, version: s.version + 1 }));
        // What one re-read cost, to the frame after the screen took it in (model, layers, charts).
        requestAnimationFrame(() => (lastCost = performance.now() - t0));
      } catch (e) {
        if (alive) setState((s) => ({ ...s, error: text(e) }));
      } finally {
        reading = false;
        if (again && alive) {
          again = false;
          void reread();
        } else {
          const settled = whenRead;
          whenRead = [];
          for (const f of settled) f();
        }
      }
    };
    // Each update rebuilds the screen's model of the whole interval so far, so its cost
    // grows as the load goes on: waiting five times what the last one cost keeps that to a
    // sixth of the load (a month at 1 Hz would otherwise be redrawn every 1.5 s). The first
    // window stored into an empty screen is read at once: there is nothing to spare.
    let lastCost = 0;
    const schedule = () => {
      if (timer) return;
      const empty = !data || data.track.time.length === 0;
      timer = setTimeout(
        () => {
          timer = null;
          void reread();
        },
        empty ? 0 : Math.max(REREAD_MS, REREAD_COST_FACTOR * lastCost),
      );
    };

    // Pushes that come before the load's reply has been taken in are kept and heard once its id
    // is known: the transport may hand over messages queued behind that reply first, and a
    // window announced then and dropped left the screen at "Fetching… 0%" for good.
    // `early` is null from the reply on.
    let early: (() => void)[] | null = [];
    const hear = (f: () => void) => {
      if (!early) f();
      else if (early.length < EARLY_PUSHES_KEPT) early.push(f);
    };
    const progressed = (p: HistoryProgress) => {
      if (p.loadId !== loadId || !alive) return;
      if (!p.done) {
        setState((s) => ({ ...s, progress: p }));
        return;
      }
      // Done only once the last windows are on screen: said earlier, the screen fitted the
      // map to the part read so far and showed the stored windows not yet read as missing.
      if (timer) clearTimeout(timer);
      timer = null;
      whenRead.push(() => alive && setState((s) => ({ ...s, progress: p })));
      void reread();
    };
    const offs = [
      onPush('history/chunk', (c) =>
        hear(() => {
          if (c.loadId !== loadId) return;
          stored.push([c.from, c.till]);
          schedule();
        }),
      ),
      onPush('history/progress', (p) => hear(() => progressed(p))),
    ];

    setState({ ...EMPTY, loading: true });
    // The sketch first, and the load once it is on screen (or known to be empty): the load's
    // full read takes a core of the host for a second or more, and asked together with the
    // sketch it took that core from the sketch's first draw on a two-core machine.
    const sketched = rpc('history/overview', { ...range, maxPoints: OVERVIEW_POINTS })
      .then((o) => {
        if (!alive || o.track.time.length === 0) return false;
        setState((s) => (s.data ? s : { ...s, overview: o }));
        return true;
      })
      .catch(() => false);
    void Promise.race([sketched.then((drawn) => (drawn ? afterNextPaint() : undefined)), wait(SKETCH_WAIT_MS)])
      .then(() => (alive ? rpc('history/load', range) : Promise.reject(new Error('gone'))))
      .then((r) => {
        const { loadId: id, ...packed } = r;
        const first = unpackHistory(packed);
        if (!alive) {
          if (id) void rpc('history/cancel', { loadId: id }).catch(() => {});
          return;
        }
        loadId = id;
        data = first;
        setState((s) => ({
          ...s,
          data: first,
          loading: false,
          version: s.version + 1,
          progress: id ? { loadId: id, objectId: r.objectId, from: r.from, till: r.till, fetchedMs: 0, totalMs: sumMissing(r.coverage.missing), done: false } : null,
        }));
        const kept = early ?? [];
        early = null;
        for (const f of kept) f();
      })
      .catch((e: unknown) => {
        early = null;
        if (alive) setState((s) => ({ ...s, loading: false, error: text(e) }));
      });
    // The cache's copy first (said with its age), then the service's answer in its place.
    const loadDaily = () => {
      setState((s) => ({ ...s, dailyLoading: true, dailyError: null }));
      fetchCachedRecords('history/dailyStat', range.objectId, range.from, range.till)
        .then((d) => alive && d.fetchedAt !== null && setState((s) => (s.dailyLoading ? { ...s, dailyStats: { ...d, items: d.items as Record<string, unknown>[] } } : s)))
        .catch(() => {});
      fetchRecords('history/dailyStat', range.objectId, range.from, range.till)
        .then((d) => alive && setState((s) => ({ ...s, dailyLoading: false, dailyStats: { ...d, items: d.items as Record<string, unknown>[] } })))
        .catch((e: unknown) => alive && setState((s) => ({ ...s, dailyLoading: false, dailyError: text(e) })));
    };
    loadDaily();
    actions.current = {
      retryDaily: loadDaily,
      retry: () => {
        const id = loadId;
        if (!id) return setAttempt((n) => n + 1);
        rpc('history/resume', { loadId: id })
          .then(({ resumed }) => {
            if (!alive) return;
            if (!resumed) return setAttempt((n) => n + 1);
            setState((s) => ({ ...s, error: null, progress: s.progress ? { ...s.progress, done: false, error: undefined, retrying: undefined } : s.progress }));
          })
          .catch((e: unknown) => alive && setState((s) => ({ ...s, error: text(e) })));
      },
    };

    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      for (const off of offs) off();
      if (loadId) void rpc('history/cancel', { loadId }).catch(() => {});
    };
    // The key is the request's identity; the object itself is rebuilt on every render.
  }, [key, attempt]);

  return { ...state, retry: () => actions.current.retry(), retryDaily: () => actions.current.retryDaily() };
}

/**
 * Resolves after the second frame from now: the state set now is rendered, and the map
 * layer that takes it in (it draws on its own next frame) has painted.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function sumMissing(missing: readonly [number, number][]): number {
  return missing.reduce((s, [a, b]) => s + (b - a), 0);
}
