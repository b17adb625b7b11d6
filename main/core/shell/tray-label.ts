/**
 * What the tray and the taskbar say of the unacknowledged alarms (main/electron/tray.ts draws
 * it): the tooltip, the title beside the icon (macOS menu bar), and the dock or taskbar badge.
 */
import { menuLabels, type MenuLanguage } from './menu-labels';

export interface TrayLabel {
  tooltip: string;
  /** Beside the tray icon on macOS; empty when nothing waits, so the bar stays quiet. */
  title: string;
  /** app.setBadgeCount (macOS dock, Linux Unity launchers); 0 takes the badge away. */
  badge: number;
  /** Windows' overlay icon description (read by screen readers), null for no overlay. */
  overlay: string | null;
}

/** The most a badge or title shows in digits; more reads "999+". */
export const BADGE_MAX = 999;

export function trayLabel(count: number, lang: MenuLanguage, appName = 'Fleet Console'): TrayLabel {
  const l = menuLabels(lang);
  const n = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  const words = n === 0 ? l.noAlarms : l.alarms(n);
  return {
    tooltip: `${appName}: ${words}`,
    title: n === 0 ? '' : n > BADGE_MAX ? `${BADGE_MAX}+` : String(n),
    badge: n,
    overlay: n === 0 ? null : words,
  };
}
