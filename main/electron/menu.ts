/**
 * The application menu, from the template of main/core/shell/menu-template.ts. An item with a
 * route sends `shell/navigate` to the focused window's page (or the main window's, when a
 * panel has the focus), on the channel every push takes; the page moves itself there.
 */
import { app, BrowserWindow, Menu, type MenuItemConstructorOptions } from 'electron';
import { menuLanguage } from '../core/shell/menu-labels';
import { menuTemplate, type MenuItemSpec } from '../core/shell/menu-template';
import { navigatePush, navigationTarget } from '../core/shell/navigate';

export function navigateFocused(route: string, mainWindow: () => BrowserWindow | null): void {
  const main = mainWindow();
  const wins = BrowserWindow.getAllWindows().filter((w) => !w.isDestroyed());
  const id = navigationTarget(wins.map((w) => ({ id: w.id, url: w.webContents.getURL(), focused: w.isFocused(), main: w === main })));
  const win = id === null ? null : BrowserWindow.fromId(id);
  if (!win) return;
  if (!win.isVisible()) win.show();
  win.focus();
  win.webContents.send('fleet:push', navigatePush(route));
}

function toElectron(items: readonly MenuItemSpec[], go: (route: string) => void): MenuItemConstructorOptions[] {
  return items.map((i) => {
    const { route, submenu, ...rest } = i;
    return {
      ...rest,
      ...(submenu ? { submenu: toElectron(submenu, go) } : {}),
      ...(route ? { click: () => go(route) } : {}),
    };
  });
}

/** Installs the menu; `refresh` builds it again (a change of the settings' language). */
export function installMenu(o: { language: () => unknown; mainWindow: () => BrowserWindow | null }): { refresh: () => void } {
  const refresh = () => {
    const template = menuTemplate({
      platform: process.platform,
      dev: !app.isPackaged,
      language: menuLanguage(o.language(), app.getLocale()),
      appName: app.getName(),
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(toElectron(template, (route) => navigateFocused(route, o.mainWindow))));
  };
  refresh();
  return { refresh };
}
