import { useEffect } from 'react';
import { isShellRoute } from '../../../common/shell-route';
import { onPush } from '../rpc/client';
import { navigate } from '../ui/route';
import { openPanelWindow, type PanelName } from '../windows/open-panel';

const PANELS: readonly PanelName[] = ['events', 'objects'];

/**
 * What a `shell/navigate` push asks of this page (the desktop menu, or `shell/navigate` from
 * another window in browser mode): a screen or section is shown here; a panel opens in its
 * own window (or comes forward, if open). A panel window ignores it: it shows one panel only.
 */
export function obeyNavigate(route: string, here: string): void {
  if (here.startsWith('/panel/') || !isShellRoute(route)) return;
  const panel = /^\/panel\/([a-z]+)$/.exec(route)?.[1] as PanelName | undefined;
  if (panel) {
    if (PANELS.includes(panel)) openPanelWindow(panel)?.focus();
    return;
  }
  navigate(route);
}

export function useNavigatePushes(route: string): void {
  useEffect(() => onPush('shell/navigate', ({ route: to }) => obeyNavigate(to, route)), [route]);
}
