/**
 * The preferences through the core: loaded once per page, followed by the push, saved by the
 * Settings screen. What follows a change besides the formatting: the language of every string,
 * and the tile source of every map in this window.
 */
import type { Preferences } from '../../../common/methods/settings';
import { setTileSource } from '../basemap/basemap';
import { chooseLanguage, currentLanguage, i18n } from '../i18n';
import { displayLocale } from '../stores/display-locale';
import { onPush, rpc } from '../rpc/client';
import { preferences } from '../stores/preferences';

let started = false;

/** Once per page, before the first render: the language is chosen from the remembered value at once. */
export function startPreferences(): void {
  if (started) return;
  started = true;
  // The formatting writes numbers, month names and unit words in the language strings are shown in.
  const follow = () => displayLocale.set(currentLanguage(), (key, options) => i18n.t(key, options ?? {}));
  follow();
  i18n.on('languageChanged', follow);
  void chooseLanguage(preferences.get().language);
  preferences.follow((now, before) => {
    if (now.language !== before.language) void chooseLanguage(now.language);
    if (now.tileUrl !== before.tileUrl)
      void rpc('tiles/config', {})
        .then(setTileSource)
        .catch(() => {
          /* the maps keep their source until the next change or reload */
        });
  });
  onPush('settings/changed', preferences.apply);
  rpc('settings/get', {})
    .then(preferences.apply)
    .catch(() => {
      /* the remembered values stand until the first push */
    });
}

/** Saves a change; every window (this one too) hears it. Rejects with the core's words. */
export async function savePreferences(changes: Partial<Preferences>): Promise<Preferences> {
  const next = await rpc('settings/set', { changes });
  preferences.apply(next);
  return next;
}
