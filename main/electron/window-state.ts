/**
 * Each window's size, place, maximised state and display, kept in `window-state.json` of the
 * user-data folder (electron-store) and restored where it is still on a connected display
 * (main/core/shell/window-state.ts decides where). Keyed per kind of window: the main window,
 * each panel window, the Admin window.
 */
import { app, screen, type BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import Store from 'electron-store';
import { placeWindow, readWindowState, windowKey, type Placement, type WindowState } from '../core/shell/window-state';

let store: Store<Record<string, unknown>> | null = null;
/** Made on first use: the store's folder is the user-data path, which index.ts sets first. */
function states(): Store<Record<string, unknown>> {
  store ??= new Store<Record<string, unknown>>({ name: 'window-state' });
  return store;
}

/** Saving waits for the move or resize to settle: a drag sends dozens of events a second. */
const SAVE_AFTER_MS = 400;

function displays() {
  return screen.getAllDisplays().map((d) => ({ id: d.id, workArea: d.workArea }));
}

/** Where the window of this key opens (constructor options: no flash at the default place). */
export function savedPlacement(key: string): Placement {
  return placeWindow(readWindowState(states().get(key)), displays());
}

export function boundsOptions(p: Placement): BrowserWindowConstructorOptions {
  return p.bounds ? { ...p.bounds } : {};
}

/** Applies the placement (maximised, full screen) and keeps the window's state from now on. */
export function rememberWindow(win: BrowserWindow, key: string, p: Placement): void {
  if (p.bounds) win.setBounds(p.bounds);
  if (p.maximized) win.maximize();
  if (p.fullScreen) win.setFullScreen(true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    if (win.isDestroyed() || win.isMinimized()) return;
    const state: WindowState = {
      // The size it returns to when un-maximised, so that is what a restart restores.
      bounds: win.getNormalBounds(),
      maximized: win.isMaximized(),
      fullScreen: win.isFullScreen(),
      displayId: screen.getDisplayMatching(win.getBounds()).id,
    };
    states().set(key, state);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('maximize', save);
  win.on('unmaximize', save);
  win.on('enter-full-screen', save);
  win.on('leave-full-screen', save);
  win.on('close', save);
}

/** Panel and Admin windows (opened by the page) are placed and remembered by their route. */
export function rememberChildWindows(): void {
  app.on('web-contents-created', (_e, contents) => {
    contents.on('did-create-window', (child, details) => {
      const key = windowKey(details.url);
      rememberWindow(child, key, savedPlacement(key));
    });
  });
}
