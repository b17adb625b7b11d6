/**
 * Keeps the cache and the renderer current while signed in: the objects and the reference
 * lists (the profile only where it stands in for the geozones' list, reference-sync.ts) at
 * sign-in and on a long period, last positions on a short one. Each poll
 * stores what arrived and pushes only the objects whose position changed. A first sign-in
 * lists the objects' names before the full list arrives (first-names.ts).
 */
import type { ObjectsList } from '../../../common/methods/live';
import type { Cache } from '../cache';
import type { PushBus } from '../rpc/pushes';
import type { ConnectivityTracker } from './connectivity';
import { createPoller, type Poller } from './poller';
import type { Recovery } from './recovery';
import { refreshReference, type ReferenceRefresh, type ReferenceSource } from './reference-sync';
import type { Ingestor } from './ingest';
import type { PollBody } from './poll-body';
import { createBodyQueue, type BigBody } from './body-queue';
import { createFirstNames } from './first-names';

/** The few calls live sync makes; the session adapts the full API client to it. */
export interface LiveApi {
  /** The object list body undecoded: the ingestor decodes it off the event loop. */
  listObjectsBody(): Promise<PollBody>;
  /** The reduced list undecoded, for a first sign-in's names (first-names.ts); without it the windows wait for the full list. */
  listObjectsLiteBody?(): Promise<PollBody>;
  /** The profile body undecoded (it embeds every object): the ingestor decodes and stores it. */
  profileBody(): Promise<PollBody>;
  reference: ReferenceSource[];
  /** The status body undecoded: the ingestor decodes it off the event loop. */
  getObjectsStatusBody(): Promise<PollBody>;
}

export interface LiveSyncOptions {
  api: LiveApi;
  cache: Cache;
  ingestor: Ingestor;
  bus: PushBus;
  connectivity: ConnectivityTracker;
  /** Resets the pollers when the service answers again after an outage: status first. */
  recovery?: Recovery;
  statusPollMs: () => number;
  objectsRefreshMs: () => number;
  now?: () => number;
  log?: (msg: string, e?: unknown) => void;
  /** Above this many changed objects a refresh says "reload" instead of sending a delta (tests lower it). */
  objectsDeltaMax?: number;
}

export interface LiveSync {
  start(): void;
  stop(): void;
  /** One status poll now (tests and "refresh" buttons). */
  pollStatus(): Promise<void>;
  /** The next scheduled status poll runs now: a connection back on screen was polled slowly in the background. */
  statusSoon(): void;
  /**
   * Settles once no status body is being fetched. The events poll waits for it: a service
   * builds its answers side by side, so events asked at the same time delayed the map's
   * positions by their own cost (decision 0040).
   */
  positionsFetched(): Promise<void>;
  /**
   * Settles once a first sign-in's names are in, or at once (first-names.ts `ahead`): the events'
   * full list waits for it as the other big bodies do (decision 0079).
   */
  namesAhead(): Promise<void>;
  refreshObjects(): Promise<void>;
  /** A first sign-in's names while they stand in for the list (first-names.ts), else null. */
  provisionalList(): ObjectsList | null;
  refreshReference(): Promise<ReferenceRefresh>;
  /** The periods changed: each poller's waiting run moves to its new period. */
  retime(): void;
}

/** Above this many changed objects, windows are told to read the list again rather than sent a delta. */
export const OBJECTS_DELTA_MAX = 2_000;

const settled = () => {};

export function createLiveSync(o: LiveSyncOptions): LiveSync {
  const now = o.now ?? Date.now;
  const log = o.log ?? (() => {});

  const bodies = createBodyQueue({ statusPeriodMs: o.statusPollMs, now });
  let positionsFetched: Promise<void> = Promise.resolve();
  let firstStatusAnswered = () => {};
  const firstPositions = new Promise<void>((resolve) => (firstStatusAnswered = resolve));
  const liteBody = o.api.listObjectsLiteBody?.bind(o.api);
  const firstNames = liteBody
    ? createFirstNames({
        fetch: liteBody,
        read: (body) => o.ingestor.names(body),
        afterPositions: () => firstPositions,
        shown: (list) => o.bus.emit('objects/changed', { upserted: [], removed: [], reload: true, fetchedAt: list.fetchedAt }),
        now,
        log,
      })
    : null;
  /**
   * Runs `work` in `kind`'s turn of the big bodies' queue. A first sign-in's names come before
   * any turn but the positions': a body sent beside the full list or the profile came with
   * its last bytes (first-names.ts). The wait is outside the queue, so status polls go on
   * meanwhile, and the waiting turns join it in the order they were asked.
   */
  const inTurn = async <T>(kind: BigBody, work: () => Promise<T>, opts?: { yields?: boolean }): Promise<T> => {
    if (kind !== 'status') await firstNames?.ahead();
    return bodies.run(kind, work, opts);
  };

  /** Fetches a body and stores it, in its turn; `at` is when it arrived. */
  const fetchAndStore = <T>(kind: BigBody, fetch: () => Promise<PollBody>, store: (body: PollBody, at: number) => Promise<T>, opts?: { yields?: boolean }) =>
    inTurn(
      kind,
      async () => {
        const fetching = fetch();
        if (kind === 'status') positionsFetched = fetching.then(settled, settled);
        const body = await fetching;
        const at = now();
        return { at, stored: await store(body, at) };
      },
      opts,
    );

  const refreshObjects = async () => {
    try {
      // With no list cached (a first sign-in), the windows have nothing to list until this one lands.
      const yields = !o.cache.objects.isEmpty();
      const { at, stored } = await fetchAndStore('objects', () => o.api.listObjectsBody(), (body, t) => o.ingestor.objects(body, t), { yields });
      const { changed, ignitionChanged, changedIds, removedIds, reload: mustReload } = stored;
      o.connectivity.ok('objects', at);
      // The windows list the first names, which no delta against the stored list describes.
      const namesShown = firstNames?.superseded() ?? false;
      if (changed || namesShown) {
        // An edit or two is a small push; a new fleet is cheaper read once by each window.
        const reload = namesShown || mustReload === true || changedIds.length + removedIds.length > (o.objectsDeltaMax ?? OBJECTS_DELTA_MAX);
        // A delta is read from the file: after the list's write, which follows its answer (ingest.ts).
        if (!reload) await o.ingestor.written();
        const upserted = reload ? [] : o.cache.objects.summariesOf(changedIds);
        o.bus.emit('objects/changed', { upserted, removed: reload ? [] : removedIds, reload, fetchedAt: at });
      }
      // Rare (a sensor was added or renamed), so the whole picture is simpler than a diff.
      if (ignitionChanged) o.bus.emit('status/delta', { ...(await o.ingestor.snapshot()), fetchedAt: o.cache.status.fetchedAt() ?? at });
    } catch (e) {
      o.connectivity.fail('objects', e);
      throw e;
    }
  };

  const pollStatus = async () => {
    try {
      const { at, stored: delta } = await fetchAndStore('status', () => o.api.getObjectsStatusBody(), (body, t) => o.ingestor.status(body, t));
      o.connectivity.ok('status', at);
      if (delta.ids.length > 0) o.bus.emit('status/delta', { ...delta, fetchedAt: at });
    } catch (e) {
      o.connectivity.fail('status', e);
      throw e;
    } finally {
      firstStatusAnswered();
    }
  };

  const reference = async () => {
    const storeProfile = async () => void (await fetchAndStore('profile', () => o.api.profileBody(), (body, t) => o.ingestor.profile(body, t)));
    const groups = () => JSON.stringify(o.cache.reference.list('objectGroups'));
    const before = groups();
    // The lists are small but a dozen, each decoded and stored here: asked beside a start's or
    // a return's first status they held its positions back, so they wait for the big bodies
    // asked before them (and a first sign-in's names), as they did while a profile went first.
    await inTurn('reference', async () => undefined);
    const r = await refreshReference(o.cache, storeProfile, o.api.reference, now);
    for (const f of r.failed) log(`reference ${f.kind} not refreshed: ${f.message}`);
    // Windows name groups in the list, its filter and the details: on a first start the
    // objects arrive before the groups, so without this they showed ids until a restart.
    if (groups() !== before) o.bus.emit('objects/groupsChanged', { fetchedAt: o.cache.reference.fetchedAt('objectGroups') ?? now() });
    return r;
  };

  // A poor link is polled at its period; only an outage backs off (poller.ts).
  const backOff = () => !o.connectivity.answering();
  const onError = (what: string) => (e: unknown) => log(`${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  const objectsPoller = createPoller({ intervalMs: o.objectsRefreshMs, run: refreshObjects, backOff, onError: onError('objects refresh') });
  const referencePoller = createPoller({ intervalMs: o.objectsRefreshMs, run: async () => void (await reference()), backOff, onError: onError('reference refresh') });
  const statusPoller = createPoller({ intervalMs: o.statusPollMs, run: pollStatus, backOff, onError: onError('status poll') });
  // Started in this order, so the first body fetched (body-queue.ts runs the first at once) is the positions.
  const pollers: Poller[] = [statusPoller, objectsPoller, referencePoller];
  // Ranks: what the map shows first; the events poll (services/) sits between status and objects.
  const ranked: [number, Poller][] = [[0, statusPoller], [2, objectsPoller], [3, referencePoller]];
  let unregister: (() => void)[] = [];

  return {
    start: () => {
      // Only with nothing to list: a cached list is shown at once and the poll updates it.
      // Before the pollers, so the list's first poll finds the names started and waits for them.
      if (firstNames && o.cache.objects.isEmpty()) firstNames.start();
      pollers.forEach((p) => p.start());
      if (o.recovery) unregister = ranked.map(([rank, p]) => o.recovery!.add(rank, () => p.reset()));
    },
    stop: () => {
      // Names still on their way after a sign-out would list this connection's fleet in the next one's windows.
      firstNames?.superseded();
      unregister.forEach((off) => off());
      unregister = [];
      pollers.forEach((p) => p.stop());
    },
    pollStatus,
    statusSoon: () => statusPoller.soon(0),
    positionsFetched: () => positionsFetched,
    namesAhead: () => firstNames?.ahead() ?? Promise.resolve(),
    refreshObjects,
    provisionalList: () => firstNames?.list() ?? null,
    refreshReference: reference,
    retime: () => pollers.forEach((p) => p.retime()),
  };
}
