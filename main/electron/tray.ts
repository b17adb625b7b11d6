/**
 * The tray icon and the taskbar badge: how many alarms wait to be acknowledged (the count is
 * the core's, main/core/shell/unacked-count.ts), and, with `closeToTray` on, the way back to
 * a main window that was closed (hidden). Quit here, or in the menu, really quits.
 */
import { app, Menu, Tray, nativeImage, type BrowserWindow, type NativeImage } from 'electron';
import { discBitmap } from '../core/shell/dot-bitmap';
import { menuLabels, menuLanguage } from '../core/shell/menu-labels';
import { trayLabel } from '../core/shell/tray-label';

const QUIET = [47, 84, 150] as const;
const ALARM = [200, 40, 40] as const;

function disc(rgb: readonly [number, number, number]): NativeImage {
  const img = nativeImage.createFromBitmap(discBitmap(16, rgb), { width: 16, height: 16 });
  img.addRepresentation({ scaleFactor: 2, width: 32, height: 32, buffer: discBitmap(32, rgb) });
  return img;
}

export interface AlarmTray {
  update(count: number): void;
  /** Rebuilds the words (the settings' language changed). */
  refresh(): void;
  destroy(): void;
}

export function createAlarmTray(o: { language: () => unknown; mainWindow: () => BrowserWindow | null; showMain: () => void }): AlarmTray {
  const quiet = disc(QUIET);
  const alarm = disc(ALARM);
  const tray = new Tray(quiet);
  let count = 0;
  const lang = () => menuLanguage(o.language(), app.getLocale());
  const render = () => {
    const label = trayLabel(count, lang(), app.getName());
    const l = menuLabels(lang());
    tray.setImage(count > 0 ? alarm : quiet);
    tray.setToolTip(label.tooltip);
    if (process.platform === 'darwin') tray.setTitle(label.title);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: l.showWindow, click: o.showMain },
        { label: label.overlay ?? l.noAlarms, enabled: false },
        { type: 'separator' },
        { label: l.quit(app.getName()), click: () => app.quit() },
      ]),
    );
    // Dock (macOS) and Unity launchers (Linux); elsewhere it answers false and does nothing.
    app.setBadgeCount(label.badge);
    const win = o.mainWindow();
    if (process.platform === 'win32' && win && !win.isDestroyed()) win.setOverlayIcon(label.overlay ? alarm : null, label.overlay ?? '');
  };
  tray.on('click', o.showMain);
  render();
  return {
    update(n) {
      if (n === count) return;
      count = n;
      render();
    },
    refresh: render,
    destroy: () => tray.destroy(),
  };
}

/**
 * With the setting on, closing the main window hides it and the tray keeps the console (and
 * its alarms) running; a quit (tray, menu, the system) sets `quitting` first and closes it for real.
 */
export function keepInTray(win: BrowserWindow, o: { enabled: () => boolean; quitting: () => boolean }): void {
  win.on('close', (e) => {
    if (o.enabled() && !o.quitting()) {
      e.preventDefault();
      win.hide();
    }
  });
}
