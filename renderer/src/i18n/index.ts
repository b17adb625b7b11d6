/**
 * The one i18next instance of the page. Resources are bundled (no fetch: the console opens
 * offline), so init is synchronous and the first render is already in the chosen language.
 * Components read strings with `useTranslation('<folder>')`; code outside React with
 * `i18n.t` (keys written folder:key) at the time it shows the string, never at module load, so a
 * language change reaches it.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, resolveLanguage, type Language, type LanguageChoice } from './languages';
import { bundledNamespaces, bundledResources } from './resources';
import { displayLocale } from '../stores/display-locale';

export const i18n = i18next.createInstance();

function preferredLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
}

void i18n.use(initReactI18next).init({
  resources: bundledResources(),
  ns: bundledNamespaces(),
  defaultNS: 'app',
  lng: resolveLanguage('system', preferredLanguages()),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

function markDocument(lang: Language): void {
  // Through globalThis: the node-side typecheck (unit tests import this module) has no DOM types.
  const doc = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  if (doc) doc.documentElement.lang = lang;
}
// The formatting (ui/format.ts, ui/time.ts) writes units, ages and month names through
// display-locale, which stays free of this module so it runs under Node without a page.
const follow = () => {
  markDocument(currentLanguage());
  displayLocale.set(currentLanguage(), (key, options) => i18n.t(key, options ?? {}));
};
follow();
i18n.on('languageChanged', follow);

/** Applies the operator's choice at once: every `useTranslation` re-renders. */
export function chooseLanguage(choice: LanguageChoice): Promise<unknown> {
  return i18n.changeLanguage(resolveLanguage(choice, preferredLanguages()));
}

/** The language strings are shown in now (for Intl formatters). */
export function currentLanguage(): Language {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'en') as Language;
}
