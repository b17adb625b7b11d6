/**
 * The composition root of the main side, shared by both hosts: each host passes its
 * own seams (vault, settings, demo) and connects its transport to `dispatcher` and `bus`.
 * What belongs to one signed-in connection is built by `connection/open.ts`.
 */
import { createDispatcher, type Dispatcher } from './rpc/dispatcher';
import { createPushBus, type PushBus } from './rpc/pushes';
import { sessionHandlers } from './handlers/session';
import { liveHandlers } from './handlers/live';
import { connectivityHandlers } from './handlers/connectivity';
import { historyHandlers } from './handlers/history';
import { eventsHandlers } from './handlers/events';
import { outboxHandlers } from './handlers/outbox';
import { commandsHandlers } from './handlers/commands';
import { geocodeHandlers } from './handlers/geocode';
import { geozonesHandlers } from './handlers/geozones';
import { tilesHandlers } from './handlers/tiles';
import { diagnosticsHandlers } from './handlers/diagnostics';
import { noticesHandlers } from './handlers/notices';
import { jobsHandlers } from './handlers/jobs';
import { catalogueHandlers } from './handlers/catalogue';
import { reportsHandlers } from './handlers/reports';
import { filesHandlers } from './handlers/files';
import { shellHandlers } from './handlers/shell';
import { settingsHandlers } from './handlers/settings';
import { createPreferences } from './settings/preferences';
import { watchedSettings } from './settings/watch';
import { createReports } from './reports/service';
import { createJobs, jobServer } from './jobs';
import { HistoryImports } from './history-import/service';
import { historyImportHandlers } from './handlers/history-import';
import { createNotices, type Notices } from './seams/notices';
import { securePrivateDir } from './seams/private-files';
import { createTileService } from './tiles';
import { workerTileLoader } from './tiles/worker';
import type { SettingsStore } from './seams/settings';
import type { Vault } from './seams/vault';
import { SessionService, type DemoProvider } from './session/session-service';
import type { WorkerScript } from './workers/protocol';

export interface CoreOptions {
  dataDir: string;
  vault: Vault;
  settings: SettingsStore;
  demo?: DemoProvider;
  suggestedBaseUrl?: string;
  /** Big poll bodies and history windows stored in worker threads (the apps); in-thread when absent (tests). */
  ingestWorker?: WorkerScript;
  log?: (msg: string, e?: unknown) => void;
  /** Startup notices; the hosts pass the one their settings and vault report to. */
  notices?: Notices;
}

export interface Core {
  dispatcher: Dispatcher;
  bus: PushBus;
  session: SessionService;
  /** Resumes the last connection (or opens the demo); the transports may connect before it ends. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCore(co: CoreOptions): Core {
  // Every service below hears a changed setting (a poll period, the tile source) without a restart.
  const o: CoreOptions = { ...co, settings: watchedSettings(co.settings) };
  const log = o.log ?? ((msg: string, e?: unknown) => console.error(`[core] ${msg}`, e ?? ''));
  securePrivateDir(o.dataDir);
  const bus = createPushBus();
  const notices = o.notices ?? createNotices();
  notices.onChange((list) => bus.emit('notices/changed', list));
  if (o.vault.warning) notices.add({ id: 'vault_weak', kind: 'vault_weak', message: o.vault.warning });
  const session = new SessionService({
    dataDir: o.dataDir,
    vault: o.vault,
    settings: o.settings,
    bus,
    log,
    notices,
    ...(o.demo ? { demo: o.demo } : {}),
    ...(o.suggestedBaseUrl ? { suggestedBaseUrl: o.suggestedBaseUrl } : {}),
    ...(o.ingestWorker ? { ingestWorker: o.ingestWorker } : {}),
  });
  const dispatcher = createDispatcher(log);
  // Every per-connection handler reaches the foreground connection this one way.
  const current = () => session.current();
  dispatcher.register(sessionHandlers(session));
  dispatcher.register(connectivityHandlers({ state: () => session.connectivity() }));
  dispatcher.register(liveHandlers(current));
  dispatcher.register(historyHandlers(current));
  dispatcher.register(eventsHandlers(current));
  dispatcher.register(outboxHandlers(current));
  dispatcher.register(commandsHandlers(current));
  dispatcher.register(geocodeHandlers(current));
  dispatcher.register(geozonesHandlers(current));
  dispatcher.register(catalogueHandlers(current));
  dispatcher.register(filesHandlers(current));
  const tiles = createTileService({
    dataDir: o.dataDir,
    settings: o.settings,
    ...(o.ingestWorker ? { loader: workerTileLoader(o.ingestWorker, o.dataDir) } : {}),
  });
  dispatcher.register(tilesHandlers(tiles));
  dispatcher.register(diagnosticsHandlers());
  dispatcher.register(noticesHandlers(notices));
  dispatcher.register(shellHandlers(bus));
  // A history import resumed after a restart drops its interval's cache when its progress says done.
  let imports: HistoryImports | null = null;
  const jobs = createJobs({ dataDir: o.dataDir, current: () => session.current(), bus, settings: o.settings, onProgress: (p) => void (p.state === 'done' && imports?.finished(p.jobId, 'done')) });
  dispatcher.register(jobsHandlers(jobs));
  imports = new HistoryImports({ jobs: jobs.service, journal: jobs.journal, cache: (job) => session.openConnections().find((c) => jobServer(c) === job.server && c.profile.login === job.login)?.cache ?? null });
  dispatcher.register(historyImportHandlers(imports));
  const reports = createReports({ current, bus, isOffline: () => session.knownOffline() });
  dispatcher.register(reportsHandlers(reports));
  const preferences = createPreferences(o.settings, bus);
  dispatcher.register(settingsHandlers(preferences));
  return {
    dispatcher,
    bus,
    session,
    start: () => session.start(),
    close: async () => {
      await jobs.close();
      reports.close();
      preferences.stop();
      await Promise.all([session.close(), tiles.close()]);
    },
  };
}
