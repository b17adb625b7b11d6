import { useEffect, useState } from 'react';

/**
 * Hash routes, so that every window (Electron BrowserWindow or browser tab) opens the
 * same app shell at its own screen: #/live, #/history, #/panel/events, #/panel/objects.
 */
export function useRoute(): string {
  const read = () => window.location.hash.replace(/^#/, '') || '/live';
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const on = () => setRoute(read());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

export function navigate(route: string): void {
  window.location.hash = route;
}
