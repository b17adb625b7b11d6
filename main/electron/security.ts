/**
 * The window lockdown, in one place: the app's own pages only, no new windows but our
 * panels, no permissions, and IPC accepted only from frames showing our pages.
 */
import { session, shell, type WebContents, type WebFrameMain } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../core/security/csp';

export const APP_SCHEME = 'fleet';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export function isAppUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === `${APP_SCHEME}:` && u.host === 'app';
  } catch {
    return false;
  }
}

/** Only https links leave the app, and then to the system browser. */
function openExternally(raw: string) {
  try {
    const u = new URL(raw);
    if (u.protocol === 'https:') void shell.openExternal(u.toString());
  } catch {
    /* not a URL: ignore */
  }
}

export function lockDownContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) {
      event.preventDefault();
      openExternally(url);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAppUrl(url)) return { action: 'allow' };
    openExternally(url);
    return { action: 'deny' };
  });
}

export function lockDownSession(): void {
  const s = session.defaultSession;
  s.setPermissionRequestHandler((_wc, permission, cb) => cb(permission === 'notifications'));
  s.webRequest.onHeadersReceived((details, cb) => {
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}

export function isTrustedSender(frame: WebFrameMain | null): boolean {
  return frame !== null && isAppUrl(frame.url);
}
