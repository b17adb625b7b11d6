/**
 * The signed-in connection: which server and login, its credentials, its cache file and
 * its sync. Starting from a saved connection opens the cache first, so the last known
 * fleet is on screen before the first poll answers.
 */
import { FleetError } from '../../../common/errors';
import type { ConnectionProfile, SessionState } from '../../../common/methods/session';
import { parseServerAddress } from '../../../common/server-address';
import { createApi, type FleetApi } from '../api';
import { bodyLimitsFrom } from '../api/body-limits';
import type { ApiLog } from '../api/body-decode';
import { eventsApi } from '../api/events';
import { createHttp, type Http } from '../api/http';
import { deleteCacheFiles, openCache, type Cache } from '../cache';
import type { PushBus } from '../rpc/pushes';
import type { Notices } from '../seams/notices';
import type { SettingsStore } from '../seams/settings';
import type { Vault } from '../seams/vault';
import type { ConnectivityTracker } from '../sync/connectivity';
import type { EventsApi } from '../sync/events-poll';
import { createLiveSync, type LiveSync } from '../sync/live-sync';
import { createRecovery, probeService, type Recovery } from '../sync/recovery';
import { referenceSources } from '../sync/reference-sync';
import { OBJECTS_ENDPOINT, PROFILE_ENDPOINT, STATUS_ENDPOINT, inThreadIngestor, workerIngestor, type IngestWorkerScript, type Ingestor, type PollBody } from '../sync/ingest';
import { Credentials } from './credentials';
import { DEMO_CACHE_URL, DEMO_PROFILE_ID, demoProfile, profileId, upsertProfile } from './profiles';

/** Starts the embedded simulator on demand and tells where it listens. */
export interface DemoProvider {
  start(): Promise<{ baseUrl: string; login: string; password: string }>;
}

export interface SessionDeps {
  dataDir: string;
  vault: Vault;
  settings: SettingsStore;
  bus: PushBus;
  connectivity: ConnectivityTracker;
  demo?: DemoProvider;
  /** Where big poll bodies are ingested off the event loop; in-thread when absent. */
  ingestWorker?: IngestWorkerScript;
  /** Prefilled server address for the sign-in form (`--server URL`). */
  suggestedBaseUrl?: string;
  log?: (msg: string, e?: unknown) => void;
  now?: () => number;
  /** Where a cache file set aside (damaged, or written by a newer version) is reported. */
  notices?: Notices;
}

/**
 * Per-connection work (pollers, outbox replay…) that starts when a connection opens and
 * stops when it closes. Returns its stop function.
 */
export type SessionPlugin = (active: ActiveSession) => (() => void) | void;

export interface ActiveSession {
  profile: ConnectionProfile;
  /** Where requests go (for the demo, the simulator's live address). */
  baseUrl: string;
  credentials: Credentials;
  api: FleetApi;
  /** The events poll's two bodies, fetched for the ingestor (kept in its worker when it has one). */
  eventsBodies: EventsApi;
  cache: Cache;
  sync: LiveSync;
  ingestor: Ingestor;
  /** Where per-connection pollers register to run at once when the service answers again. */
  recovery: Recovery;
  needsPassword: boolean;
}

export class SessionService {
  private active: ActiveSession | null = null;
  private readonly plugins: SessionPlugin[] = [];
  private stops: (() => void)[] = [];
  private readonly log: (msg: string, e?: unknown) => void;

  constructor(private readonly deps: SessionDeps) {
    this.log = deps.log ?? (() => {});
  }

  /** Registers per-connection work; it also starts at once if a connection is open. */
  use(plugin: SessionPlugin): void {
    this.plugins.push(plugin);
    if (this.active) this.startPlugin(plugin, this.active);
  }

  private startPlugin(plugin: SessionPlugin, active: ActiveSession) {
    const stop = plugin(active);
    if (stop) this.stops.push(stop);
  }

  /** The active session, or an `unauthorized` error a screen can act on. */
  current(): ActiveSession {
    if (!this.active) throw new FleetError('unauthorized', 'Not signed in');
    return this.active;
  }

  get isActive(): boolean {
    return this.active !== null;
  }

  state(): SessionState {
    const profiles = this.deps.settings.get('profiles');
    if (!this.active) {
      return this.deps.suggestedBaseUrl
        ? { status: 'signed_out', profiles, suggestedBaseUrl: this.deps.suggestedBaseUrl }
        : { status: 'signed_out', profiles };
    }
    return { status: this.active.needsPassword ? 'needs_password' : 'signed_in', profile: this.active.profile, profiles };
  }

  /**
   * At launch: resume the last connection from its cache; with none saved and no
   * `--server` given, open the demo fleet so a newcomer sees a live fleet, not a form.
   */
  async start(): Promise<void> {
    const lastId = this.deps.settings.get('lastProfileId');
    if (lastId === DEMO_PROFILE_ID && this.deps.demo) {
      await this.useDemo();
      return;
    }
    const profile = this.deps.settings.get('profiles').find((p) => p.id === lastId);
    if (profile) {
      try {
        await this.resume({ profileId: profile.id });
      } catch (e) {
        this.log(`could not resume ${profile.name}`, e);
      }
      return;
    }
    if (!this.deps.suggestedBaseUrl && this.deps.demo) await this.useDemo();
  }

  async useDemo(): Promise<SessionState> {
    if (!this.deps.demo) throw new FleetError('invalid_input', 'The demo fleet is not available in this build');
    const demo = await this.deps.demo.start();
    await this.open(demoProfile(), demo.baseUrl, { password: demo.password, remember: true });
    return this.state();
  }

  async signIn(a: { baseUrl: string; login: string; password: string; remember: boolean; name?: string | undefined }): Promise<SessionState> {
    const address = parseServerAddress(a.baseUrl);
    if (!address.ok) throw new FleetError('invalid_input', address.message);
    const { baseUrl } = address;
    const profile: ConnectionProfile = {
      id: profileId(baseUrl, a.login),
      name: a.name || new URL(baseUrl).host,
      baseUrl,
      login: a.login,
      demo: false,
      remembered: a.remember,
    };
    await this.open(profile, baseUrl, { password: a.password, remember: a.remember });
    return this.state();
  }

  async resume(a: { profileId: string; password?: string | undefined }): Promise<SessionState> {
    if (a.profileId === DEMO_PROFILE_ID) return this.useDemo();
    const profile = this.deps.settings.get('profiles').find((p) => p.id === a.profileId);
    if (!profile) throw new FleetError('not_found', 'That saved connection no longer exists');
    // Saved before addresses were normalised, a profile may still end in /api: requests must not.
    const address = parseServerAddress(profile.baseUrl);
    const baseUrl = address.ok ? address.baseUrl : profile.baseUrl;
    await this.open(profile, baseUrl, a.password ? { password: a.password, remember: profile.remembered } : null);
    return this.state();
  }

  async signOut(a: { forget: boolean }): Promise<SessionState> {
    const s = this.active;
    if (s) {
      this.close();
      if (a.forget) {
        await s.credentials.forget();
        deleteCacheFiles(this.deps.dataDir, this.cacheUrl(s.profile), s.profile.login);
        this.deps.settings.set('profiles', this.deps.settings.get('profiles').filter((p) => p.id !== s.profile.id));
      } else {
        await s.credentials.wipe();
      }
      this.deps.settings.set('lastProfileId', null);
    }
    const state = this.state();
    this.deps.bus.emit('session/changed', state);
    return state;
  }

  close(): void {
    if (!this.active) return;
    for (const stop of this.stops.splice(0)) stop();
    this.active.recovery.stop();
    this.active.sync.stop();
    void this.active.ingestor.close();
    this.active.cache.close();
    this.active = null;
  }

  private cacheUrl(p: ConnectionProfile): string {
    return p.demo ? DEMO_CACHE_URL : p.baseUrl;
  }

  /**
   * Opens a connection. With a password, signs in first (a wrong password leaves the
   * current session untouched); without one, resumes from the stored token and cache.
   */
  private async open(profile: ConnectionProfile, baseUrl: string, auth: { password: string; remember: boolean } | null) {
    const credentials = new Credentials({
      baseUrl,
      login: profile.login,
      profileId: profile.id,
      vault: this.deps.vault,
      onNeedsPassword: () => this.markNeedsPassword(profile.id),
    });
    if (auth) await credentials.signIn(auth.password, auth.remember);
    else if (!(await credentials.restore()) && !(await credentials.hasPassword())) {
      throw new FleetError('unauthorized', `Sign in to ${profile.name} again`);
    }

    this.close();
    const cache = openCache({
      dataDir: this.deps.dataDir,
      baseUrl: this.cacheUrl(profile),
      login: profile.login,
      onSetAside: (s) =>
        this.deps.notices?.add({
          kind: s.reason === 'newer' ? 'cache_newer' : 'cache_damaged',
          message:
            (s.reason === 'newer'
              ? `The cached data for ${profile.name} was written by a newer version of Fleet Console.`
              : `The cached data for ${profile.name} was damaged (${s.error}).`) +
            ' It was moved aside and a fresh cache is being filled from the service; writes that were still waiting to be sent are only in the kept copy.',
          keptCopy: s.keptCopy,
        }),
    });
    const bodyLimits = bodyLimitsFrom(this.deps.settings.get('bodyLimitsMb'), this.deps.settings.get('bodyMaxDepth'));
    // Retried attempts never reach a poll's outcome; the judged link hears of each one (the retry's debug line carries its error).
    const retryLog: ApiLog = {
      warn: () => {},
      debug: (_m, meta) => {
        if (meta?.error !== undefined) this.deps.connectivity.retried(meta.error);
      },
    };
    const http = createHttp({ baseUrl, getToken: credentials.getToken, onUnauthorized: credentials.onUnauthorized, bodyLimits, log: retryLog });
    const api = createApi(http);
    const ingestor = this.deps.ingestWorker
      ? workerIngestor(this.deps.ingestWorker, cache.file)
      : inThreadIngestor(cache);
    // The big bodies the ingestor decodes are fetched where they are decoded (worker-fetch.ts).
    const held = ingestor.fetch ? { fetchImpl: ingestor.fetch } : {};
    const bodyHttp = createHttp({ baseUrl, getToken: credentials.getToken, onUnauthorized: credentials.onUnauthorized, bodyLimits, log: retryLog, ...held });
    // Pollers retry on their own schedule (with backoff): a poll must fail fast rather than
    // wait out retries and a long Retry-After while newer data is due.
    const pollHttp = createHttp({
      baseUrl,
      getToken: credentials.getToken,
      onUnauthorized: credentials.onUnauthorized,
      retries: 0,
      maxRetryAfterMs: 0,
      timeoutMs: 20_000,
      bodyLimits,
      ...held,
    });
    // The probe runs again in a moment: a short timeout, no retries.
    const probeHttp = createHttp({
      baseUrl,
      getToken: credentials.getToken,
      onUnauthorized: credentials.onUnauthorized,
      retries: 0,
      maxRetryAfterMs: 0,
      timeoutMs: 3_000,
      bodyLimits,
    });
    const recovery = createRecovery({ connectivity: this.deps.connectivity, probe: () => probeService(probeHttp) });
    const body = (h: Http, path: string, endpoint: string) => h.request<PollBody>({ method: 'GET', path, endpoint, responseType: 'raw', parse: (b) => b as PollBody });
    const sync = createLiveSync({
      api: {
        listObjectsBody: () => body(pollHttp, '/api/Objects', OBJECTS_ENDPOINT),
        profileBody: () => body(bodyHttp, '/api/Profile', PROFILE_ENDPOINT),
        reference: referenceSources(api),
        getObjectsStatusBody: () => body(pollHttp, '/api/ObjectsStatus', STATUS_ENDPOINT),
      },
      cache,
      ingestor,
      bus: this.deps.bus,
      connectivity: this.deps.connectivity,
      recovery,
      statusPollMs: () => this.deps.settings.get('statusPollMs'),
      objectsRefreshMs: () => this.deps.settings.get('objectsRefreshMs'),
      log: this.log,
    });
    this.deps.connectivity.seed(cache.meta.allLastGood());
    const eventsBodies = eventsApi(bodyHttp);
    this.active = { profile, baseUrl, credentials, api, eventsBodies, cache, sync, ingestor, recovery, needsPassword: false };
    if (!profile.demo) this.deps.settings.set('profiles', upsertProfile(this.deps.settings.get('profiles'), profile));
    this.deps.settings.set('lastProfileId', profile.id);
    sync.start();
    for (const plugin of this.plugins) this.startPlugin(plugin, this.active);
    this.deps.bus.emit('session/changed', this.state());
  }

  private markNeedsPassword(id: string) {
    if (this.active?.profile.id !== id || this.active.needsPassword) return;
    this.active.needsPassword = true;
    this.deps.bus.emit('session/changed', this.state());
  }
}
