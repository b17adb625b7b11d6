/**
 * The Settings screen's preferences as a new installation has them. Free of zod, as the
 * renderer's first bundle imports it (decision 0085); `DEFAULT_PREFERENCES` in
 * methods/settings.ts is the same object, typed by the preferences' schema.
 */
import { DEFAULT_TILE_URL } from './tile-url';

/** What a new installation starts with: the core's settings file and the page's first frame alike. */
export const PREFERENCE_DEFAULTS = {
  statusPollMs: 5_000,
  objectsRefreshMs: 10 * 60_000,
  eventsPollMs: 10_000,
  commandTimeoutMs: 20_000,
  tileUrl: DEFAULT_TILE_URL,
  distanceUnit: 'km',
  volumeUnit: 'l',
  timeZone: 'object',
  clock: '24h',
  alarmSounds: true,
  language: 'system',
  closeToTray: false,
} as const;
