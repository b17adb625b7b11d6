/**
 * Which URLs are the app's own pages in Electron: the `fleet://app/…` scheme only.
 * Checked with `new URL` (never string prefixes, which `fleet://app.evil` or
 * `fleet://app@evil` would pass).
 */
export const APP_SCHEME = 'fleet';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export function isAppUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** Links that may leave the app, to the system browser: https only. */
export function externalUrl(raw: string): string | null {
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
