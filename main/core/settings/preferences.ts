/**
 * The Settings screen's preferences over the settings seam: read as one object, changed in
 * one checked step, and pushed to every window after any change (one push for a change of
 * several keys, whoever wrote them).
 */
import { DEFAULT_TILE_URL, TileUrlSchema } from '../../../common/methods/tiles';
import { PREFERENCE_KEYS, PreferencesSchema, type Preferences } from '../../../common/methods/settings';
import type { PushBus } from '../rpc/pushes';
import { DEFAULT_SETTINGS, type SettingsData, type SettingsStore } from '../seams/settings';
import { onSettingChanged } from './watch';

export interface PreferencesService {
  get(): Preferences;
  /** `changes` already parsed by the contract's schema. */
  set(changes: Partial<Preferences>): Preferences;
  stop(): void;
}

const KEYS = new Set<string>(PREFERENCE_KEYS);

export function createPreferences(settings: SettingsStore, bus: PushBus): PreferencesService {
  // A hand-edited settings.json may hold anything: a value the schema refuses reads as its default.
  const get = (): Preferences => {
    const out: Record<string, unknown> = {};
    for (const key of PREFERENCE_KEYS) {
      const value = settings.get(key);
      const ok = key === 'tileUrl' ? TileUrlSchema.safeParse(value).success : PreferencesSchema.shape[key].safeParse(value).success;
      out[key] = ok ? value : key === 'tileUrl' ? DEFAULT_TILE_URL : DEFAULT_SETTINGS[key];
    }
    return out as Preferences;
  };
  let queued = false;
  const off = onSettingChanged(settings, (key) => {
    if (!KEYS.has(key) || queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      bus.emit('settings/changed', get());
    });
  });
  return {
    get,
    set(changes) {
      for (const [key, value] of Object.entries(changes) as [keyof Preferences, unknown][]) {
        if (value === undefined) continue;
        settings.set(key, value as SettingsData[typeof key]);
      }
      return get();
    },
    stop: off,
  };
}
