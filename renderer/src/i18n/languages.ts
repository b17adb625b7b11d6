/**
 * The console's languages: English, and the service's markets' Russian and Lithuanian. "System"
 * follows this computer's preferred languages, first one we have, else English.
 */
export const LANGUAGES = ['en', 'ru', 'lt'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LanguageChoice = Language | 'system';

/** Each language named in itself, so a reader finds their own in a list of strangers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', lt: 'Lietuvių' };

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[]): Language {
  return choice === 'system' ? systemLanguage(preferred) : choice;
}
