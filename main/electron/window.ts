import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN, lockDownContents } from './security';

export function createMainWindow(preloadDir: string, route = '/'): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    title: 'Fleet Console',
    show: false,
    backgroundColor: '#f5f6f8',
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  lockDownContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}${route}`);
  return win;
}
