/**
 * Offline-first services of one connection (events, outbox, commands, geocoding), built and
 * started with it by `connection/open.ts`, stopped when it closes.
 */
import { FleetError, isFleetError } from '../../../common/errors';
import type { CommandSent } from '../../../common/methods/commands';
import type { AckQueued } from '../../../common/methods/events';
import type { Address } from '../../../common/methods/geocode';
import type { OutboxState } from '../../../common/methods/outbox';
import type { FleetApi } from '../api';
import type { Cache } from '../cache';
import type { PushBus } from '../rpc/pushes';
import type { SettingsStore } from '../seams/settings';
import type { ConnectivityTracker } from '../sync/connectivity';
import { createEventsPoll, type EventsApi } from '../sync/events-poll';
import type { Ingestor } from '../sync/ingest';
import { createMutex } from '../sync/mutex';
import { createOutboxReplay, outboxKind, type OutboxKind, type OutboxReplay } from '../sync/outbox-replay';
import { createPoller, type Poller } from '../sync/poller';
import type { Recovery } from '../sync/recovery';
import { CommandsService } from './commands';
import { ACK_KIND, EventsService } from './events';
import { Geocoder } from './geocode';
import { failedEntry, outboxState } from './outbox';

export interface OfflineDeps {
  api: Pick<FleetApi, 'events' | 'commandTemplates' | 'commands' | 'geocoder'>;
  /** The events poll's two bodies, fetched for the ingestor. */
  eventsBodies: EventsApi;
  cache: Cache;
  ingestor: Pick<Ingestor, 'events'>;
  recovery: Recovery;
  bus: PushBus;
  connectivity: ConnectivityTracker;
  settings: SettingsStore;
  log: (msg: string, e?: unknown) => void;
  /** More writes the outbox carries (the catalogue's edits), by kind. */
  kinds?: Record<string, OutboxKind<unknown>>;
  /** Settles when no positions body is being fetched: the events poll asks after it (live-sync.ts). */
  afterPositions?: () => Promise<void>;
  /** Settles once a first sign-in's names are in: the events' full list is asked after them (live-sync.ts). */
  beforeFullList?: () => Promise<void>;
}

export interface OfflineServices {
  events: EventsService;
  /** One events poll now (tests, "refresh" buttons); rejects when the service fails. */
  pollEvents(): Promise<void>;
  outbox: OutboxReplay;
  commands: CommandsService;
  geocoder: Geocoder;
  /** Pushes `events/changed` (if it changed) and `outbox/changed`. */
  changed(): void;
  /** A command was (or may have been) accepted: poll events often for a while so its outcome shows soon. */
  expectOutcomes(): void;
  /** Durable before it returns (the outbox entry is the reply), delivered after. */
  ackEvents(ids: readonly number[]): AckQueued;
  /** Sends now or refuses; an accepted or perhaps-accepted command speeds the events poll up. */
  sendCommand(a: Parameters<CommandsService['send']>[0]): Promise<CommandSent>;
  lookupAddresses(points: readonly { lat: number; lng: number }[]): Promise<{ results: Address[] }>;
  outboxState(): OutboxState;
  /** A refused entry back in the queue, its events hidden again as pending. */
  retryOutbox(id: number): OutboxState;
  discardOutbox(id: number): OutboxState;
}

/**
 * After a command the events poll runs every `outcomePollMs` (2 s) for OUTCOME_WATCH_MS
 * instead of every `eventsPollMs` (10 s): an outcome event follows a send within seconds (3 s
 * from the simulator), and waiting for the regular poll left the dialog at "waiting" for up
 * to 10 s more. Bounded: at most OUTCOME_WATCH_MS / outcomePollMs extra polls per burst of
 * sends, however many are sent in it (each send extends the one window).
 */
export const OUTCOME_WATCH_MS = 20_000;

export function startOfflineServices(d: OfflineDeps): { services: OfflineServices; stop: () => void; retime: () => void } {
  const { api, cache } = d;
  const stopped = new AbortController();
  const signal = stopped.signal;
  const lock = createMutex();
  let watchOutcomesUntil = 0;
  const events = new EventsService(cache, (p) => d.bus.emit('events/changed', p));
  const changed = () => {
    if (signal.aborted) return;
    events.publish();
    d.bus.emit('outbox/changed', outboxState(cache));
  };
  const outbox = createOutboxReplay({
    cache,
    lock,
    signal,
    kinds: { ...d.kinds, [ACK_KIND]: outboxKind(events.ackKind((ids, s) => api.events.ack(ids, { signal: s }))) },
    onChange: changed,
    onFailure: (e) => d.connectivity.fail('outbox', e),
  });
  const poll = createEventsPoll({
    api: d.eventsBodies,
    ingest: async (scope, body, at) => {
      await events.ingest(() => d.ingestor.events(scope, body, at));
      // The feed's new events go out now; the full list, asked after it, may take seconds more.
      if (scope === 'feed' && !signal.aborted) events.publish();
    },
    connectivity: d.connectivity,
    lock,
    signal,
    afterPositions: d.afterPositions,
    beforeFullList: d.beforeFullList,
  });
  const pollEvents = async () => {
    await poll();
    if (signal.aborted) return;
    events.publish();
    // The service answers again: whatever waited in the outbox can go now.
    if (cache.outbox.counts().pending > 0) void outbox.flush();
  };
  const poller: Poller = createPoller({
    intervalMs: () => {
      const base = d.settings.get('eventsPollMs');
      const fast = d.settings.get('outcomePollMs');
      return fast > 0 && Date.now() < watchOutcomesUntil ? Math.min(base, fast) : base;
    },
    run: pollEvents,
    backOff: () => !d.connectivity.answering(),
    onError: (e) => d.log(`events poll failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  const commands = new CommandsService(
    {
      listTemplates: () => api.commandTemplates.list({ signal }),
      run: (req, timeoutMs) => api.commands.run(req, { timeoutMs }),
    },
    cache,
    d.connectivity,
    () => d.settings.get('commandTimeoutMs'),
  );
  const geocoder = new Geocoder({
    cache,
    signal,
    reverse: (points, s) => api.geocoder.reverse(points, { signal: s }),
    isOffline: () => d.connectivity.knownOffline(),
  });

  poller.start();
  // After an outage: right after the status poll (rank 0, live-sync.ts); its success flushes the outbox.
  const unrecover = d.recovery.add(1, () => poller.reset());
  void outbox.flush();
  const expectOutcomes = () => {
    const fast = d.settings.get('outcomePollMs');
    if (fast <= 0) return;
    watchOutcomesUntil = Date.now() + OUTCOME_WATCH_MS;
    poller.soon(fast);
  };
  return {
    services: {
      events,
      pollEvents,
      outbox,
      commands,
      geocoder,
      changed,
      expectOutcomes,
      ackEvents(ids) {
        const queued = events.ack(ids);
        changed();
        void outbox.flush();
        return queued;
      },
      async sendCommand(a) {
        try {
          const sent = await commands.send(a);
          expectOutcomes();
          return sent;
        } catch (e) {
          // Perhaps accepted: its outcome, if any, is what the operator was told to look for.
          if (isFleetError(e) && e.code === 'unknown_outcome') expectOutcomes();
          throw e;
        }
      },
      async lookupAddresses(points) {
        return { results: await Promise.all(points.map((p) => geocoder.lookup(p.lat, p.lng))) };
      },
      outboxState: () => outboxState(cache),
      retryOutbox(id) {
        const entry = failedEntry(cache, id);
        cache.transaction(() => {
          cache.outbox.retry(entry.id);
          events.requeued(entry);
        });
        changed();
        void outbox.flush();
        return outboxState(cache);
      },
      discardOutbox(id) {
        cache.outbox.discard(failedEntry(cache, id).id);
        changed();
        return outboxState(cache);
      },
    },
    retime: () => poller.retime(),
    stop: () => {
      stopped.abort(new FleetError('unauthorized', 'The connection was closed'));
      unrecover();
      poller.stop();
      outbox.stop();
    },
  };
}
