/**
 * How every suite and the bench start Chromium: Debian's package, never a downloaded browser.
 * Shared so the e2e suite and the bench measure the same browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's own omnibox popups are web pages: each new window (each Playwright context) loads
 * them in a renderer of their own, about half a second of CPU on this two-core machine, while
 * the page under test starts. Electron, where the console runs, has no omnibox; so they are off.
 */
const BROWSER_UI_OFF = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup';

/** The flags every launch takes, then the caller's own. */
export function chromiumArgs(...extra: string[]): string[] {
  return ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage', ...(process.env.BENCH_CHROME_UI ? [] : [BROWSER_UI_OFF]), ...extra];
}
