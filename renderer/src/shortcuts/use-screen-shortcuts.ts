import { useEffect } from 'react';
import { navigate } from '../ui/route';
import { focusOwnsKey } from './focus-owns';
import { SCREEN_PREFIX, screenRouteFor } from './screens-keymap';

/** How long after "g" the next letter still names a screen. */
const PREFIX_MS = 1500;

/**
 * "g" then a letter switches screens, on every screen but a panel window. Listens in the
 * capture phase, so the letter after "g" is taken before a screen's own table sees it
 * (Admin's "h" opens "Import history", but "g h" opens History).
 */
export function useScreenShortcuts(route: string): void {
  const inPanel = route.startsWith('/panel/');
  useEffect(() => {
    if (inPanel) return;
    let armedAt = -Infinity;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
      if (focusOwnsKey(e.target, e.key)) return;
      if (e.timeStamp - armedAt <= PREFIX_MS) {
        armedAt = -Infinity;
        const to = screenRouteFor(e.key);
        if (to) {
          e.preventDefault();
          e.stopPropagation();
          navigate(to);
        }
        return;
      }
      if (e.key === SCREEN_PREFIX) armedAt = e.timeStamp;
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [inPanel]);
}
