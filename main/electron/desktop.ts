/**
 * The desktop parts around the main window: the application menu, the tray with the alarm
 * count and the badge, closing to the tray (the `closeToTray` setting), and remembered window
 * places. One call from main/index.ts.
 */
import { app, type BrowserWindow } from 'electron';
import type { Core } from '../core/app';
import type { SettingsStore } from '../core/seams/settings';
import { watchUnacknowledged } from '../core/shell/unacked-count';
import { installMenu } from './menu';
import { createAlarmTray, keepInTray, type AlarmTray } from './tray';
import { rememberChildWindows } from './window-state';

export interface Desktop {
  /** Shows the main window, making it again if it was closed for real. */
  showMain(): void;
  dispose(): void;
}

export function startDesktop(o: { core: Core; settings: SettingsStore; openMain: () => BrowserWindow }): Desktop {
  let main: BrowserWindow | null = null;
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  // Read by name: the settings' `language` key comes with the Settings screen; until then, the system's.
  const language = () => (o.settings as unknown as { get(k: string): unknown }).get('language');
  const mainWindow = () => (main && !main.isDestroyed() ? main : null);
  let tray: AlarmTray | null = null;
  const showMain = () => {
    const win = mainWindow();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
      return;
    }
    main = o.openMain();
    // Hidden, not closed, only while a tray icon can bring it back.
    keepInTray(main, { enabled: () => tray !== null && o.settings.get('closeToTray'), quitting: () => quitting });
  };

  rememberChildWindows();
  const menu = installMenu({ language, mainWindow });
  try {
    tray = createAlarmTray({ language, mainWindow, showMain });
  } catch (e) {
    // A desktop without a tray area: the console runs as before, closing quits.
    console.error('No tray icon:', e);
  }
  const watch = watchUnacknowledged(o.core, (n) => tray?.update(n));
  const off = o.core.bus.subscribe((env) => {
    // The Settings screen's push (name kept loose: it lands with that screen).
    if ((env.name as string) === 'settings/changed') {
      menu.refresh();
      tray?.refresh();
    }
  });
  return {
    showMain,
    dispose() {
      off();
      watch.stop();
      tray?.destroy();
      tray = null;
    },
  };
}
