/**
 * Switching screens from the keyboard, on every screen: "g" then a letter (as in mail and
 * code-hosting sites). Not Alt+digit or Ctrl+digit: browsers keep those for their tabs, and
 * browser mode is a tab. The desktop app's menu adds Ctrl+1…6 (main/core/shell/menu-template.ts).
 */
export const SCREEN_PREFIX = 'g';

export const SCREEN_KEYS: readonly { key: string; route: string; textKey: string }[] = [
  { key: 'l', route: '/live', textKey: 'screens.live' },
  { key: 'h', route: '/history', textKey: 'screens.history' },
  { key: 'r', route: '/reports', textKey: 'screens.reports' },
  { key: 'f', route: '/files', textKey: 'screens.files' },
  { key: 'a', route: '/admin', textKey: 'screens.admin' },
  { key: 's', route: '/settings', textKey: 'screens.settings' },
];

/** The route the letter after the prefix names, or null. */
export function screenRouteFor(key: string): string | null {
  return SCREEN_KEYS.find((s) => s.key === key.toLowerCase())?.route ?? null;
}

