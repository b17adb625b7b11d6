/**
 * The menu's navigation, decided without electron: which window hears it, and the push it
 * hears (the same envelope the bus sends, on the same channel).
 */
import type { PushEnvelope } from '../../../common/envelope';
import { ShellRouteSchema } from '../../../common/methods/shell';

export interface WindowInfo {
  id: number;
  url: string;
  focused: boolean;
  /** The first window the shell made (the one the tray shows). */
  main: boolean;
}

/**
 * The focused window, unless it shows a panel (a panel shows one panel only: screens and
 * other panels are opened from the main window); else the main window; else none.
 */
export function navigationTarget(windows: readonly WindowInfo[]): number | null {
  const focused = windows.find((w) => w.focused);
  if (focused && !/#\/panel\//.test(focused.url)) return focused.id;
  return windows.find((w) => w.main)?.id ?? windows[0]?.id ?? null;
}

/** The push a page obeys (renderer/src/shortcuts/navigate-push.ts); throws on a route outside the contract. */
export function navigatePush(route: string): PushEnvelope {
  return { type: 'push', name: 'shell/navigate', args: { route: ShellRouteSchema.parse(route) } };
}
