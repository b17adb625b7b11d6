import { BrowserWindow, type WebPreferences } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN, lockDownContents } from './security';
import { boundsOptions, rememberWindow, savedPlacement } from './window-state';

export function secureWebPreferences(preloadDir: string): WebPreferences {
  return {
    preload: join(preloadDir, 'index.cjs'),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    spellcheck: false,
    // The cache is written on the first load, not the second: every launch loads the same files.
    v8CacheOptions: 'bypassHeatCheck',
    // Middle-click opens no window of its own; window.open is already held by lockDownContents.
    disableBlinkFeatures: 'Auxclick',
  };
}

export function createMainWindow(preloadDir: string, route = '/'): BrowserWindow {
  const place = savedPlacement('main');
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    ...boundsOptions(place),
    title: 'Fleet Console',
    show: false,
    backgroundColor: '#f5f6f8',
    webPreferences: secureWebPreferences(preloadDir),
  });
  // Panels opened from the page (control-room windows) are BrowserWindows on the same contract.
  lockDownContents(win.webContents, {
    width: 720,
    height: 900,
    title: 'Fleet Console',
    backgroundColor: '#f5f6f8',
    webPreferences: secureWebPreferences(preloadDir),
  });
  rememberWindow(win, 'main', place);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}${route}`);
  return win;
}
