/**
 * Control-room windows: a panel of the live screen in a window of its own, on another
 * monitor. The same app URL with a panel route: in Electron the window-open handler makes
 * it a BrowserWindow with the same secure preferences and the same contract; in browser
 * mode it is a tab of the same origin, which inherits this tab's sessionStorage and so
 * the launch token (hence no `noopener`).
 */
export type PanelName = 'events' | 'objects';

export function panelUrl(panel: PanelName): string {
  return `${location.pathname}${location.search}#/panel/${panel}`;
}

export function openPanelWindow(panel: PanelName): Window | null {
  return window.open(panelUrl(panel), `fleet-panel-${panel}`, 'popup,width=720,height=900');
}
