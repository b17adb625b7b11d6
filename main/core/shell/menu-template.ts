/**
 * The desktop application menu as data: the Electron shell (main/electron/menu.ts) turns it
 * into a Menu, giving each item with a `route` a click that moves the focused window's page
 * (`shell/navigate`). Here, without electron, so a unit test reads the whole template.
 * Labels come in the console's three languages (menu-labels.ts); role items get our labels
 * too, so the whole bar is in one language.
 */
import { menuLabels, type MenuLanguage } from './menu-labels';

export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'appMenu'
  | 'fileMenu'
  | 'editMenu'
  | 'viewMenu'
  | 'windowMenu';

export interface MenuItemSpec {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  /** A hash route the focused window's page is sent to (main/electron/menu.ts). */
  route?: string;
  submenu?: MenuItemSpec[];
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Developer items (reload, developer tools) only in an unpackaged build. */
  dev: boolean;
  language: MenuLanguage;
  appName: string;
}

/** Every screen the bar switches between, in its order, with its accelerator. */
export const SCREEN_ROUTES = [
  { id: 'live', route: '/live', accelerator: 'CmdOrCtrl+1' },
  { id: 'history', route: '/history', accelerator: 'CmdOrCtrl+2' },
  { id: 'reports', route: '/reports', accelerator: 'CmdOrCtrl+3' },
  { id: 'files', route: '/files', accelerator: 'CmdOrCtrl+4' },
  { id: 'admin', route: '/admin', accelerator: 'CmdOrCtrl+5' },
  { id: 'settings', route: '/settings', accelerator: 'CmdOrCtrl+,' },
] as const;

/** The live panels that open in windows of their own (renderer/src/windows/). */
export const PANEL_ROUTES = [
  { id: 'eventsPanel', route: '/panel/events', accelerator: 'CmdOrCtrl+Shift+E' },
  { id: 'objectsPanel', route: '/panel/objects', accelerator: 'CmdOrCtrl+Shift+O' },
] as const;

const sep: MenuItemSpec = { type: 'separator' };

export function menuTemplate(o: MenuOptions): MenuItemSpec[] {
  const l = menuLabels(o.language);
  const mac = o.platform === 'darwin';
  const quit: MenuItemSpec = { role: 'quit', label: l.quit(o.appName), accelerator: mac ? 'Cmd+Q' : 'Ctrl+Q' };
  const settings: MenuItemSpec = { label: l.settings, accelerator: SCREEN_ROUTES[5].accelerator, route: SCREEN_ROUTES[5].route };
  const app: MenuItemSpec[] = mac
    ? [
        {
          label: o.appName,
          submenu: [
            { role: 'about', label: l.about(o.appName) },
            sep,
            settings,
            sep,
            { role: 'services', label: l.services },
            sep,
            { role: 'hide', label: l.hide(o.appName) },
            { role: 'hideOthers', label: l.hideOthers },
            { role: 'unhide', label: l.unhide },
            sep,
            quit,
          ],
        },
      ]
    : [{ label: l.file, submenu: [settings, sep, { role: 'about', label: l.about(o.appName) }, sep, quit] }];
  const edit: MenuItemSpec = {
    label: l.edit,
    submenu: [
      { role: 'undo', label: l.undo, accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', label: l.redo, accelerator: mac ? 'Shift+Cmd+Z' : 'Ctrl+Y' },
      sep,
      { role: 'cut', label: l.cut, accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', label: l.copy, accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', label: l.paste, accelerator: 'CmdOrCtrl+V' },
      { role: 'selectAll', label: l.selectAll, accelerator: 'CmdOrCtrl+A' },
    ],
  };
  const go: MenuItemSpec = {
    label: l.go,
    submenu: [
      ...SCREEN_ROUTES.slice(0, 5).map((s) => ({ label: l[s.id], accelerator: s.accelerator, route: s.route })),
      sep,
      ...PANEL_ROUTES.map((p) => ({ label: l[p.id], accelerator: p.accelerator, route: p.route })),
    ],
  };
  const view: MenuItemSpec = {
    label: l.view,
    submenu: [
      ...(o.dev
        ? [
            { role: 'reload', label: l.reload, accelerator: 'CmdOrCtrl+R' },
            { role: 'forceReload', label: l.forceReload, accelerator: 'Shift+CmdOrCtrl+R' },
            { role: 'toggleDevTools', label: l.devTools, accelerator: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I' },
            sep,
          ]
        : []),
      { role: 'resetZoom', label: l.resetZoom, accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', label: l.zoomIn, accelerator: 'CmdOrCtrl+=' },
      { role: 'zoomOut', label: l.zoomOut, accelerator: 'CmdOrCtrl+-' },
      sep,
      { role: 'togglefullscreen', label: l.fullScreen, accelerator: mac ? 'Ctrl+Cmd+F' : 'F11' },
    ] as MenuItemSpec[],
  };
  const windowMenu: MenuItemSpec = {
    label: l.window,
    submenu: [
      { role: 'minimize', label: l.minimize, accelerator: 'CmdOrCtrl+M' },
      ...(mac ? [{ role: 'zoom' as const, label: l.zoom }, sep, { role: 'front' as const, label: l.front }] : []),
      { role: 'close', label: l.close, accelerator: 'CmdOrCtrl+W' },
    ],
  };
  return [...app, edit, view, go, windowMenu];
}

/** Every route the template can send, for the shell's check and the tests. */
export function templateRoutes(items: readonly MenuItemSpec[]): string[] {
  return items.flatMap((i) => [...(i.route ? [i.route] : []), ...templateRoutes(i.submenu ?? [])]);
}
