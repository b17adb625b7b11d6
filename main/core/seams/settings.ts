/**
 * Non-secret settings (saved connection profiles, poll intervals) in a JSON file in the
 * data directory, through `conf` (atomic writes). The Electron host opens the same file
 * with electron-store, a Conf subclass, passed in as `openFile` (it imports electron,
 * which core must not): one file, so either host and the admin CLI see the same settings.
 */
import Conf from 'conf';
import { join } from 'node:path';
import type { ConnectionProfile } from '../../../common/methods/session';
import { DEFAULT_PREFERENCES } from '../../../common/methods/settings';
import { setAside, type Notices } from './notices';
import { FILE_MODE, securePrivateDir } from './private-files';

export interface SettingsData {
  profiles: ConnectionProfile[];
  lastProfileId: string | null;
  /** The connections open at the last change (the foreground one is lastProfileId): a restart opens them all again. */
  openProfileIds: string[];
  statusPollMs: number;
  objectsRefreshMs: number;
  /** Period of the events poll (feed and full list). */
  eventsPollMs: number;
  /** Period of the events poll for OUTCOME_WATCH_MS after a command is sent, when shorter (0: no extra polls). */
  outcomePollMs: number;
  /** How long a command may wait for the service's answer before its outcome is unknown. */
  commandTimeoutMs: number;
  /** Base-map tile URL template ({z}/{x}/{y}); the main side fetches only from here. */
  tileUrl: string;
  /**
   * Largest answer accepted, in MB, per endpoint family (history, fleet, reports, files,
   * other); a family not named keeps its default (api/body-limits.ts).
   */
  bodyLimitsMb: { history?: number; fleet?: number; reports?: number; files?: number; other?: number };
  /** Deepest nesting of a JSON answer; 0 keeps the default (64). */
  bodyMaxDepth: number;
  /** Requests a bulk job sends at once (main/core/jobs). */
  jobsConcurrency: number;
  /** The Settings screen's display preferences (common/methods/settings.ts says what each means). */
  distanceUnit: 'km' | 'mi';
  volumeUnit: 'l' | 'gal';
  timeZone: 'object' | 'computer' | 'utc';
  clock: '24h' | '12h';
  alarmSounds: boolean;
  language: 'system' | 'en' | 'ru' | 'lt';
  /** Closing the main window hides it; the tray keeps alarms watched (Electron only). */
  closeToTray: boolean;
}

export const DEFAULT_SETTINGS: SettingsData = {
  profiles: [],
  lastProfileId: null,
  openProfileIds: [],
  ...DEFAULT_PREFERENCES,
  outcomePollMs: 2_000,
  bodyLimitsMb: {},
  bodyMaxDepth: 0,
  jobsConcurrency: 4,
};

export interface SettingsStore {
  get<K extends keyof SettingsData>(key: K): SettingsData[K];
  set<K extends keyof SettingsData>(key: K, value: SettingsData[K]): void;
}

/** What every opener of the settings file must pass on; the file is `<cwd>/<name>.json`. */
export interface SettingsFileSpec {
  cwd: string;
  name: string;
  defaults: SettingsData;
  /** A file that is not JSON throws (a SyntaxError) rather than being emptied: it is set aside. */
  clearInvalidConfig: false;
  configFileMode: number;
}

export type OpenSettingsFile = (spec: SettingsFileSpec) => Conf<SettingsData>;

export const openWithConf: OpenSettingsFile = ({ name, ...rest }) =>
  new Conf<SettingsData>({ ...rest, configName: name, projectName: 'fleet-console' });

export const SETTINGS_FILE_NAME = 'settings';

export function fileSettings(dataDir: string, notices?: Notices, openFile: OpenSettingsFile = openWithConf): SettingsStore {
  // The first seam a host opens: it also makes (or narrows) the data folder 0700, files 0600.
  securePrivateDir(dataDir);
  const open = () => {
    const c = openFile({
      cwd: dataDir,
      name: SETTINGS_FILE_NAME,
      defaults: DEFAULT_SETTINGS,
      clearInvalidConfig: false,
      configFileMode: FILE_MODE,
    });
    return { conf: c, stored: c.store };
  };
  let opened: ReturnType<typeof open>;
  try {
    opened = open();
  } catch (e) {
    // Not JSON (a crash of an older version, a hand edit): keep it aside, start from defaults.
    if (!(e instanceof SyntaxError)) throw e;
    const kept = setAside(join(dataDir, `${SETTINGS_FILE_NAME}.json`), 'damaged');
    opened = open();
    notices?.add({
      kind: 'settings_damaged',
      message: 'The settings file could not be read. A copy was kept and the defaults are used: saved connections and intervals must be set again.',
      keptCopy: kept,
    });
  }
  // conf reads and parses the file on every get. Tiles and pollers ask for settings
  // hundreds of times a minute, so the values are read once and kept: this process is
  // the file's only writer and every set goes through here (a hand edit applies on the
  // next start).
  const { conf } = opened;
  const data: SettingsData = { ...DEFAULT_SETTINGS, ...opened.stored };
  return {
    get: (key) => data[key],
    set: (key, value) => {
      // A value the file holds already is not written again: each write is an fsync, and every
      // start sets the open connections and the poll period whether they changed or not.
      if (JSON.stringify(data[key]) === JSON.stringify(value)) return;
      // conf's typings reject a generic key/value pair; the interface above keeps them paired.
      (conf as unknown as { set(k: string, v: unknown): void }).set(key, value);
      data[key] = value;
    },
  };
}

export function memorySettings(initial: Partial<SettingsData> = {}): SettingsStore {
  const data: SettingsData = { ...DEFAULT_SETTINGS, ...initial };
  return {
    get: (key) => data[key],
    set: (key, value) => {
      data[key] = value;
    },
  };
}
