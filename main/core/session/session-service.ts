/**
 * The signed-in connections: which servers and logins, their credentials, and the open
 * `Connection`s (built by `connection/open.ts`), several at once, one in the foreground
 * (`open-set.ts`). Starting from a saved connection opens the cache first, so the last
 * known fleet is on screen before the first poll answers.
 */
import { FleetError } from '../../../common/errors';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import type { ConnectionProfile, ConnectionsList, SessionState } from '../../../common/methods/session';
import { parseServerAddress } from '../../../common/server-address';
import { deleteCacheFiles } from '../cache';
import { openConnection, type Connection } from '../connection/open';
import type { PushBus } from '../rpc/pushes';
import type { Notices } from '../seams/notices';
import type { SettingsStore } from '../seams/settings';
import type { Vault } from '../seams/vault';
import { createConnectivity } from '../sync/connectivity';
import type { WorkerScript } from '../workers/protocol';
import { Credentials } from './credentials';
import { connectionsList } from './connections-list';
import { MAX_OPEN, OpenSet } from './open-set';
import { DEMO_CACHE_URL, DEMO_PROFILE_ID, demoProfile, profileId, upsertProfile } from './profiles';
import { setAsideNotice } from './set-aside-notice';
import { SpareIngest } from './spare-ingest';

/** Starts the embedded simulator on demand and tells where it listens. */
export interface DemoProvider {
  start(): Promise<{ baseUrl: string; login: string; password: string }>;
}

export interface SessionDeps {
  dataDir: string;
  vault: Vault;
  settings: SettingsStore;
  bus: PushBus;
  demo?: DemoProvider;
  /** Where big poll bodies are ingested off the event loop; in-thread when absent. */
  ingestWorker?: WorkerScript;
  /** Prefilled server address for the sign-in form (`--server URL`). */
  suggestedBaseUrl?: string;
  log?: (msg: string, e?: unknown) => void;
  now?: () => number;
  /** Where a cache file set aside (damaged, or written by a newer version) is reported. */
  notices?: Notices;
}

export class SessionService {
  private readonly open: OpenSet;
  private readonly log: (msg: string, e?: unknown) => void;
  /** What `connectivity/state` answers while nothing is open. */
  private readonly idle = createConnectivity(() => {});
  /** While nothing is open, the next connection's ingest thread. */
  private readonly spare: SpareIngest;

  constructor(private readonly deps: SessionDeps) {
    this.log = deps.log ?? (() => {});
    this.open = new OpenSet(deps.bus, () => this.pushList());
    this.spare = new SpareIngest(deps.ingestWorker);
  }

  /** The foreground connection, or an `unauthorized` error a screen can act on. */
  current(): Connection {
    const e = this.open.foreground();
    if (!e) throw new FleetError('unauthorized', 'Not signed in');
    return e.conn;
  }

  get isActive(): boolean {
    return this.open.foreground() !== null;
  }

  state(): SessionState {
    const profiles = this.deps.settings.get('profiles');
    const e = this.open.foreground();
    if (!e) {
      return this.deps.suggestedBaseUrl
        ? { status: 'signed_out', profiles, suggestedBaseUrl: this.deps.suggestedBaseUrl }
        : { status: 'signed_out', profiles };
    }
    return { status: e.conn.needsPassword ? 'needs_password' : 'signed_in', profile: e.conn.profile, profiles };
  }

  /** The foreground connection's link, as the screens show it. */
  connectivity(): ConnectivityState {
    return (this.open.foreground()?.connectivity ?? this.idle).state();
  }

  knownOffline(): boolean {
    return this.open.foreground()?.connectivity.knownOffline() ?? false;
  }

  /** Every open connection, foreground first (work that belongs to one of them, e.g. a finished import). */
  openConnections(): Connection[] {
    const fg = this.open.foreground();
    return [...(fg ? [fg.conn] : []), ...this.open.ids().flatMap((id) => (this.open.isForeground(id) ? [] : [this.open.get(id)!.conn]))];
  }

  connections(): ConnectionsList {
    return connectionsList({
      dataDir: this.deps.dataDir,
      saved: this.deps.settings.get('profiles'),
      open: this.open,
      cacheUrl: (p) => this.cacheUrl(p),
      maxOpen: MAX_OPEN,
    });
  }

  /**
   * At launch: resume the last connection from its cache; with none saved and no
   * `--server` given, open the demo fleet so a newcomer sees a live fleet, not a form.
   */
  async start(): Promise<void> {
    const lastId = this.deps.settings.get('lastProfileId');
    const others = this.deps.settings.get('openProfileIds').filter((id) => id !== lastId);
    await this.startForeground(lastId);
    // The others open behind it from their stored tokens, as they were when the console closed.
    for (const id of others.slice(0, MAX_OPEN - this.open.size)) {
      try {
        await this.reopenBehind(id);
      } catch (e) {
        this.log(`could not reopen ${id} in the background`, e);
      }
    }
    this.rememberOpen();
    if (!this.open.foreground()) this.spare.keep();
  }

  private async startForeground(lastId: string | null): Promise<void> {
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

  /** Opens a connection behind the foreground (at launch): from its stored token, or the demo's password. */
  private async reopenBehind(id: string): Promise<void> {
    if (this.open.has(id) || this.open.size >= MAX_OPEN) return;
    if (id === DEMO_PROFILE_ID) {
      if (!this.deps.demo) return;
      const demo = await this.deps.demo.start();
      const profile = demoProfile();
      this.attach(profile, demo.baseUrl, await this.authenticate(profile, demo.baseUrl, { password: demo.password, remember: true }), !this.open.foreground());
      return;
    }
    const profile = this.deps.settings.get('profiles').find((p) => p.id === id);
    if (!profile) return;
    const baseUrl = this.addressOf(profile);
    this.attach(profile, baseUrl, await this.authenticate(profile, baseUrl, null), !this.open.foreground());
  }

  /** Which connections are open, for the next launch; not called when the console closes, which closes them all. */
  private rememberOpen(): void {
    this.deps.settings.set('openProfileIds', this.open.ids());
  }

  async useDemo(): Promise<SessionState> {
    if (!this.deps.demo) throw new FleetError('invalid_input', 'The demo fleet is not available in this build');
    if (this.open.has(DEMO_PROFILE_ID)) return this.switchTo({ profileId: DEMO_PROFILE_ID });
    this.checkBound(DEMO_PROFILE_ID);
    const demo = await this.deps.demo.start();
    await this.openOne(demoProfile(), demo.baseUrl, { password: demo.password, remember: true });
    return this.state();
  }

  async signIn(a: { baseUrl: string; login: string; password: string; remember: boolean; name?: string | undefined }): Promise<SessionState> {
    const address = parseServerAddress(a.baseUrl);
    if (!address.ok) throw new FleetError('invalid_input', address.message);
    const { baseUrl } = address;
    const id = profileId(baseUrl, a.login);
    // Signing in again keeps the name the operator gave it.
    const saved = this.deps.settings.get('profiles').find((p) => p.id === id);
    const profile: ConnectionProfile = {
      id,
      name: a.name || saved?.name || new URL(baseUrl).host,
      baseUrl,
      login: a.login,
      demo: false,
      remembered: a.remember,
    };
    await this.openOne(profile, baseUrl, { password: a.password, remember: a.remember });
    return this.state();
  }

  async resume(a: { profileId: string; password?: string | undefined }): Promise<SessionState> {
    if (this.open.has(a.profileId) && !a.password) return this.switchTo({ profileId: a.profileId });
    if (a.profileId === DEMO_PROFILE_ID) return this.useDemo();
    const profile = this.saved(a.profileId);
    await this.openOne(profile, this.addressOf(profile), a.password ? { password: a.password, remember: profile.remembered } : null);
    return this.state();
  }

  /** An open connection comes to the foreground at once (no sign-in, its cache as it is); a closed one is resumed. */
  async switchTo(a: { profileId: string }): Promise<SessionState> {
    const e = this.open.get(a.profileId);
    if (!e) return this.resume({ profileId: a.profileId });
    if (!this.open.isForeground(a.profileId)) {
      this.open.bringForward(a.profileId);
      this.deps.settings.set('lastProfileId', a.profileId);
      e.conn.sync.statusSoon();
      this.foregroundChanged();
    }
    return this.state();
  }

  async signOut(a: { forget: boolean }): Promise<SessionState> {
    const id = this.open.foregroundId;
    if (id !== null) {
      const e = this.open.close(id)!;
      this.rememberOpen();
      if (a.forget) await this.forgetFiles(e.conn.profile, e.conn.credentials);
      else await e.conn.credentials.wipe();
      this.afterForegroundClosed();
    }
    return this.state();
  }

  /** Closes it if open, then deletes its token, password, cache files and saved profile. */
  async forget(a: { profileId: string }): Promise<SessionState> {
    const wasForeground = this.open.isForeground(a.profileId);
    const e = this.open.close(a.profileId);
    this.rememberOpen();
    const profile = e?.conn.profile ?? (a.profileId === DEMO_PROFILE_ID ? demoProfile() : this.saved(a.profileId));
    await this.forgetFiles(profile, e?.conn.credentials ?? this.credentialsFor(profile, this.addressOf(profile)));
    if (wasForeground) this.afterForegroundClosed();
    else this.pushList();
    return this.state();
  }

  rename(a: { profileId: string; name: string }): ConnectionsList {
    if (a.profileId === DEMO_PROFILE_ID) throw new FleetError('invalid_input', 'The demo fleet keeps its name');
    const profile = { ...this.saved(a.profileId), name: a.name };
    this.deps.settings.set('profiles', this.deps.settings.get('profiles').map((p) => (p.id === a.profileId ? profile : p)));
    const e = this.open.get(a.profileId);
    if (e) e.conn.profile = { ...e.conn.profile, name: a.name };
    if (this.open.isForeground(a.profileId)) this.deps.bus.emit('session/changed', this.state());
    this.pushList();
    return this.connections();
  }

  /**
   * Deletes one connection's cache files. An open one is closed first and opened again on
   * an empty cache with its stored token, keeping its place (foreground or not).
   */
  async clearCache(a: { profileId: string }): Promise<ConnectionsList> {
    const e = this.open.get(a.profileId);
    if (!e) {
      const profile = a.profileId === DEMO_PROFILE_ID ? demoProfile() : this.saved(a.profileId);
      deleteCacheFiles(this.deps.dataDir, this.cacheUrl(profile), profile.login);
      this.pushList();
      return this.connections();
    }
    const { profile, baseUrl } = e.conn;
    const foreground = this.open.isForeground(a.profileId);
    // Signed in again before anything is closed: a token the service refuses leaves it as it was.
    const credentials = await this.authenticate(profile, baseUrl, null);
    this.open.close(a.profileId);
    // Its worker may still be writing a poll it answered: the files go once it has.
    await this.open.closed();
    deleteCacheFiles(this.deps.dataDir, this.cacheUrl(profile), profile.login);
    this.attach(profile, baseUrl, credentials, foreground);
    return this.connections();
  }

  /** Closes every connection; settles once their workers have written what they answered. */
  async close(): Promise<void> {
    this.open.closeAll();
    await Promise.all([this.open.closed(), this.spare.close()]);
  }

  private saved(id: string): ConnectionProfile {
    const profile = this.deps.settings.get('profiles').find((p) => p.id === id);
    if (!profile) throw new FleetError('not_found', 'That saved connection no longer exists');
    return profile;
  }

  /** Saved before addresses were normalised, a profile may still end in /api: requests must not. */
  private addressOf(profile: ConnectionProfile): string {
    const address = parseServerAddress(profile.baseUrl);
    return address.ok ? address.baseUrl : profile.baseUrl;
  }

  private cacheUrl(p: ConnectionProfile): string {
    return p.demo ? DEMO_CACHE_URL : p.baseUrl;
  }

  private checkBound(id: string): void {
    if (!this.open.has(id) && this.open.size >= MAX_OPEN) {
      throw new FleetError('invalid_input', `At most ${MAX_OPEN} connections stay open together: sign out of one before opening another`);
    }
  }

  private async forgetFiles(profile: ConnectionProfile, credentials: Credentials): Promise<void> {
    await credentials.forget();
    deleteCacheFiles(this.deps.dataDir, this.cacheUrl(profile), profile.login);
    this.deps.settings.set('profiles', this.deps.settings.get('profiles').filter((p) => p.id !== profile.id));
    if (this.deps.settings.get('lastProfileId') === profile.id) this.deps.settings.set('lastProfileId', this.open.foregroundId);
  }

  /** The foreground was closed: the most recent of the others (if any) is on screen now. */
  private afterForegroundClosed(): void {
    const next = this.open.foreground();
    this.deps.settings.set('lastProfileId', this.open.foregroundId);
    next?.conn.sync.statusSoon();
    this.foregroundChanged();
    if (!next) this.spare.keep();
  }

  private foregroundChanged(): void {
    this.deps.bus.emit('session/changed', this.state());
    this.deps.bus.emit('connectivity/changed', this.connectivity());
    this.pushList();
  }

  private pushList(): void {
    this.deps.bus.emit('session/connections', this.connections());
  }

  private credentialsFor(profile: ConnectionProfile, baseUrl: string): Credentials {
    return new Credentials({
      baseUrl,
      login: profile.login,
      profileId: profile.id,
      vault: this.deps.vault,
      onNeedsPassword: () => this.markNeedsPassword(profile.id),
    });
  }

  /** With a password, signs in; without one, the stored token (or password) must do. */
  private async authenticate(profile: ConnectionProfile, baseUrl: string, auth: { password: string; remember: boolean } | null): Promise<Credentials> {
    const credentials = this.credentialsFor(profile, baseUrl);
    if (auth) await credentials.signIn(auth.password, auth.remember);
    else if (!(await credentials.restore()) && !(await credentials.hasPassword())) {
      throw new FleetError('unauthorized', `Sign in to ${profile.name} again`);
    }
    return credentials;
  }

  /**
   * Opens a connection in the foreground. Signs in first (a wrong password leaves every
   * open connection untouched); the one it replaces, if the profile was open, closes after.
   */
  private async openOne(profile: ConnectionProfile, baseUrl: string, auth: { password: string; remember: boolean } | null) {
    this.checkBound(profile.id);
    const credentials = await this.authenticate(profile, baseUrl, auth);
    this.checkBound(profile.id);
    this.attach(profile, baseUrl, credentials, true);
  }

  private attach(profile: ConnectionProfile, baseUrl: string, credentials: Credentials, foreground: boolean): void {
    const id = profile.id;
    this.open.close(id);
    const bus = this.open.busFor(id);
    const { settings } = this.deps;
    const connectivity = createConnectivity(
      (s) => bus.emit('connectivity/changed', s),
      this.deps.now ?? Date.now,
      () => ({ status: settings.get('statusPollMs'), objects: settings.get('objectsRefreshMs'), events: settings.get('eventsPollMs') }),
    );
    const conn = openConnection(
      { dataDir: this.deps.dataDir, settings, bus, connectivity, ingestWorker: this.deps.ingestWorker, spareIngest: this.spare.take(), log: this.log },
      {
        profile,
        baseUrl,
        credentials,
        cacheUrl: this.cacheUrl(profile),
        inBackground: () => !this.open.isForeground(id),
        onEventsStored: () => this.open.recount(id),
        onSetAside: (s) => this.deps.notices?.add(setAsideNotice(profile.name, s)),
      },
    );
    this.open.add(id, { conn, connectivity });
    this.rememberOpen();
    if (!profile.demo) settings.set('profiles', upsertProfile(settings.get('profiles'), profile));
    if (foreground) {
      this.open.bringForward(id);
      settings.set('lastProfileId', id);
      this.foregroundChanged();
    } else this.pushList();
  }

  private markNeedsPassword(id: string) {
    const e = this.open.get(id);
    if (!e || e.conn.needsPassword) return;
    e.conn.needsPassword = true;
    if (this.open.isForeground(id)) this.deps.bus.emit('session/changed', this.state());
    this.pushList();
  }
}
