import type { HandlerMap } from '../rpc/dispatcher';
import type { PreferencesService } from '../settings/preferences';

export function settingsHandlers(preferences: PreferencesService): HandlerMap {
  return {
    'settings/get': () => preferences.get(),
    'settings/set': (a) => preferences.set(a.changes),
  };
}
