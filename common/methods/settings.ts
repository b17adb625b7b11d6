import { z } from 'zod';
import { method, push } from '../define';
import { PREFERENCE_DEFAULTS } from '../preference-defaults';
import { TileUrlSchema } from './tiles';

/**
 * The preferences an operator sets on the Settings screen: kept by the core (settings.json,
 * the settings seam), read by every window and pushed to all of them when one changes.
 * Saved connections, body limits and bulk concurrency stay out: they are not for this screen.
 */

/** Bounds of each period, in ms: below them the service is hammered, above them the screens go stale. */
export const PERIOD_BOUNDS = {
  statusPollMs: { min: 1_000, max: 10 * 60_000 },
  objectsRefreshMs: { min: 60_000, max: 24 * 3_600_000 },
  eventsPollMs: { min: 2_000, max: 10 * 60_000 },
  commandTimeoutMs: { min: 5_000, max: 5 * 60_000 },
} as const;

type PeriodKey = keyof typeof PERIOD_BOUNDS;

const PERIOD_NAMES: Record<PeriodKey, string> = {
  statusPollMs: 'The positions poll',
  objectsRefreshMs: 'The objects list refresh',
  eventsPollMs: 'The events poll',
  commandTimeoutMs: 'The command timeout',
};

function seconds(ms: number): string {
  return ms >= 3_600_000 ? `${ms / 3_600_000} h` : ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}

function period(key: PeriodKey) {
  const { min, max } = PERIOD_BOUNDS[key];
  const says = `${PERIOD_NAMES[key]} must be a whole number of milliseconds from ${seconds(min)} to ${seconds(max)}`;
  return z.number({ error: says }).int(says).min(min, says).max(max, says);
}

export const DISTANCE_UNITS = ['km', 'mi'] as const;
export const VOLUME_UNITS = ['l', 'gal'] as const;
/** Whose clock a time is read by: the object's zone (else this computer's), this computer's, or UTC. */
export const TIME_ZONE_RULES = ['object', 'computer', 'utc'] as const;
export const CLOCKS = ['24h', '12h'] as const;
export const LANGUAGE_CHOICES = ['system', 'en', 'ru', 'lt'] as const;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `${what} must be one of: ${values.join(', ')}` });

export const PreferencesSchema = z.object({
  statusPollMs: period('statusPollMs'),
  objectsRefreshMs: period('objectsRefreshMs'),
  eventsPollMs: period('eventsPollMs'),
  commandTimeoutMs: period('commandTimeoutMs'),
  tileUrl: TileUrlSchema,
  distanceUnit: oneOf(DISTANCE_UNITS, 'The distance unit'),
  volumeUnit: oneOf(VOLUME_UNITS, 'The volume unit'),
  timeZone: oneOf(TIME_ZONE_RULES, 'The time zone rule'),
  clock: oneOf(CLOCKS, 'The clock'),
  alarmSounds: z.boolean({ error: 'Alarm sounds must be on or off (true or false)' }),
  language: oneOf(LANGUAGE_CHOICES, 'The language'),
  /** Closing the main window keeps the app in the tray watching alarms (Electron). */
  closeToTray: z.boolean({ error: 'Keep watching alarms in the tray must be true or false' }),
});

export type Preferences = z.infer<typeof PreferencesSchema>;
export type PreferenceKey = keyof Preferences;
export const PREFERENCE_KEYS = Object.keys(PreferencesSchema.shape) as PreferenceKey[];

/** What a new installation starts with (`preference-defaults.ts`), typed by the schema. */
export const DEFAULT_PREFERENCES: Preferences = PREFERENCE_DEFAULTS;

export const settingsMethods = {
  'settings/get': method<Preferences>()(z.object({})),
  /** Any subset of the preferences; an unknown key or a bad value refuses the whole change. */
  'settings/set': method<Preferences>()(
    z.object({
      changes: PreferencesSchema.partial()
        .strict()
        .refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
    }),
    { write: true },
  ),
};

export const settingsPushes = {
  /** Every window: the preferences after any change (this screen's, another window's, tiles/setUrl). */
  'settings/changed': push<Preferences>(),
};
