/**
 * Who hears a setting change. The composition root wraps the host's settings store once, and
 * everything built from it (the pollers of each connection, the preferences push) hears every
 * `set`, whoever made it (settings/set, tiles/setUrl, the session's profiles), so a changed
 * period or tile source applies without a restart. The host seams stay as they are: a store not
 * wrapped simply has no listeners.
 */
import type { SettingsData, SettingsStore } from '../seams/settings';

export type SettingListener = (key: keyof SettingsData) => void;

const listenersOf = new WeakMap<SettingsStore, Set<SettingListener>>();

export function watchedSettings(inner: SettingsStore): SettingsStore {
  const listeners = new Set<SettingListener>();
  const store: SettingsStore = {
    get: (key) => inner.get(key),
    set: (key, value) => {
      inner.set(key, value);
      for (const l of [...listeners]) l(key);
    },
  };
  listenersOf.set(store, listeners);
  return store;
}

/** Calls `l` after every set of the store; its removal. A store not from `watchedSettings` never calls. */
export function onSettingChanged(store: SettingsStore, l: SettingListener): () => void {
  const listeners = listenersOf.get(store);
  if (!listeners) return () => {};
  listeners.add(l);
  return () => listeners.delete(l);
}
