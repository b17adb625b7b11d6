/**
 * The window lockdown, in one place: the app's own pages only, no new windows but our
 * panels, no permissions, and IPC accepted only from frames showing our pages.
 */
import { session, shell, type BrowserWindowConstructorOptions, type WebContents, type WebFrameMain } from 'electron';
import { APP_ORIGIN, APP_SCHEME, externalUrl, isAppUrl } from '../core/security/app-url';
import { CONTENT_SECURITY_POLICY } from '../core/security/csp';

export { APP_ORIGIN, APP_SCHEME, isAppUrl };

/** Only https links leave the app, and then to the system browser. */
function openExternally(raw: string) {
  const url = externalUrl(raw);
  if (url) void shell.openExternal(url);
}

export function lockDownContents(contents: WebContents, childWindow?: BrowserWindowConstructorOptions): void {
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
    if (isAppUrl(url) && childWindow) return { action: 'allow', overrideBrowserWindowOptions: childWindow };
    if (!isAppUrl(url)) openExternally(url);
    return { action: 'deny' };
  });
  contents.on('did-create-window', (child) => lockDownContents(child.webContents, childWindow));
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
