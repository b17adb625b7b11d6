import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../common/methods/settings';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { theme, type ThemePref } from '../theme/theme';
import type { Save } from './use-save';
import { Choice } from './Choice';

/**
 * Theme and language. The theme stays where the top bar's toggle keeps it (theme/theme.ts:
 * this computer's localStorage, which every window of the console hears); the language is the
 * core's, so the desktop shell's menus and tray can follow it too.
 */
export function LookSection({ prefs, save }: { prefs: Preferences; save: Save['save'] }) {
  const { t } = useTranslation('settings');
  // The toggle in the top bar changes it too: follow it.
  const themePref = useSyncExternalStore(theme.subscribe, theme.pref);
  return (
    <section className="st-section" aria-labelledby="st-look">
      <h3 id="st-look">{t('look.title')}</h3>
      <Choice<ThemePref>
        name="theme"
        legend={t('look.theme')}
        value={themePref}
        options={[
          { value: 'system', label: t('look.themeSystem') },
          { value: 'light', label: t('look.themeLight') },
          { value: 'dark', label: t('look.themeDark') },
        ]}
        onPick={(v) => theme.set(v)}
      />
      <div className="st-field">
        <label htmlFor="st-language">{t('look.language')}</label>
        <select id="st-language" value={prefs.language} onChange={(e) => void save({ language: e.currentTarget.value as Preferences['language'] })}>
          <option value="system">{t('look.languageSystem')}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
