/**
 * The language the formatting (ui/time.ts, ui/format.ts) writes in, and the translator it asks
 * for unit words: set from the page's i18next instance by settings/load.ts. Kept apart from the
 * instance so the formatting, and the tests that run it under Node, need no DOM.
 */
import type { Language } from '../i18n/languages';

type Translate = (key: string, options?: Record<string, unknown>) => string;

let language: Language = 'en';
let translate: Translate = (key) => key;

export const displayLocale = {
  language: (): Language => language,
  t: (key: string, options?: Record<string, unknown>): string => translate(key, options),
  set(next: Language, t: Translate): void {
    language = next;
    translate = t;
  },
};
