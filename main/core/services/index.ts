/**
 * Offline-first services of one connection (events, outbox, commands, geocoding), started
 * and stopped with it through `session.use`. Handlers reach them with `current()`.
 */
import { FleetError } from '../../../common/errors';
import type { PushBus } from '../rpc/pushes';
import type { SettingsStore } from '../seams/settings';
import type { ActiveSession, SessionService } from '../session/session-service';
import type { ConnectivityTracker } from '../sync/connectivity';
import { createEventsPoll } from '../sync/events-poll';
import { createMutex } from '../sync/mutex';
import { createOutboxReplay, outboxKind, type OutboxReplay } from '../sync/outbox-replay';
import { createPoller, type Poller } from '../sync/poller';
import { CommandsService } from './commands';
import { ACK_KIND, EventsService } from './events';
import { Geocoder } from './geocode';
import { outboxState } from './outbox';

export interface OfflineDeps {
  session: SessionService;
  bus: PushBus;
  connectivity: ConnectivityTracker;
  settings: SettingsStore;
  log: (msg: string, e?: unknown) => void;
}

export interface ConnectionServices {
  active: ActiveSession;
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
}

/**
 * After a command the events poll runs every `outcomePollMs` (2 s) for OUTCOME_WATCH_MS
 * instead of every `eventsPollMs` (10 s): an outcome event follows a send within seconds (3 s
 * from the simulator), and waiting for the regular poll left the dialog at "waiting" for up
 * to 10 s more. Bounded: at most OUTCOME_WATCH_MS / outcomePollMs extra polls per burst of
 * sends, however many are sent in it (each send extends the one window).
 */
export const OUTCOME_WATCH_MS = 20_000;

export interface OfflineFirst {
  current(): ConnectionServices;
}

function startConnection(active: ActiveSession, d: OfflineDeps): { services: ConnectionServices; stop: () => void } {
  const { api, cache } = active;
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
    kinds: { [ACK_KIND]: outboxKind(events.ackKind((ids, s) => api.events.ack(ids, { signal: s }))) },
    onChange: changed,
    onFailure: (e) => d.connectivity.fail('outbox', e),
  });
  const poll = createEventsPoll({ api: active.eventsBodies, ingest: (feed, all, at) => events.ingest(() => active.ingestor.events(feed, all, at)), connectivity: d.connectivity, lock, signal });
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
  const unrecover = active.recovery.add(1, () => poller.reset());
  void outbox.flush();
  return {
    services: {
      active,
      events,
      pollEvents,
      outbox,
      commands,
      geocoder,
      changed,
      expectOutcomes() {
        const fast = d.settings.get('outcomePollMs');
        if (fast <= 0) return;
        watchOutcomesUntil = Date.now() + OUTCOME_WATCH_MS;
        poller.soon(fast);
      },
    },
    stop: () => {
      stopped.abort(new FleetError('unauthorized', 'The connection was closed'));
      unrecover();
      poller.stop();
      outbox.stop();
    },
  };
}

const registry = new WeakMap<SessionService, OfflineFirst>();

/** The services of a core's session (tests drive polls and replays through it). */
export function offlineFirstOf(session: SessionService): OfflineFirst {
  const o = registry.get(session);
  if (!o) throw new Error('offline-first services were not created for this session');
  return o;
}

export function createOfflineFirst(d: OfflineDeps): OfflineFirst {
  let current: ConnectionServices | null = null;
  d.session.use((active) => {
    const { services, stop } = startConnection(active, d);
    current = services;
    return () => {
      stop();
      if (current === services) current = null;
    };
  });
  const o: OfflineFirst = {
    current() {
      const active = d.session.current();
      if (!current || current.active !== active) throw new FleetError('unauthorized', 'Not signed in');
      return current;
    },
  };
  registry.set(d.session, o);
  return o;
}
