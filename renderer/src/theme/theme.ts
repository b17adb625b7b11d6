/**
 * Light or dark, for every window of the app: follows the system (prefers-color-scheme)
 * until the user picks one, then remembers the pick in localStorage, which other windows
 * of the same origin hear through the storage event.
 */
import { createStore, useStore } from '../stores/create-store';
import './theme.css';

export type ThemeName = 'light' | 'dark';
export type ThemePref = ThemeName | 'system';

const KEY = 'fleet.theme';
const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

function readPref(): ThemePref {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

let pref: ThemePref = readPref();
const resolved = createStore<ThemeName>(resolve());

function resolve(): ThemeName {
  return pref === 'system' ? (media?.matches ? 'dark' : 'light') : pref;
}

function apply() {
  const next = resolve();
  const root = document.documentElement;
  root.dataset.theme = next;
  root.style.colorScheme = next;
  resolved.set(next);
}

media?.addEventListener('change', apply);
window.addEventListener('storage', (e) => {
  if (e.key !== KEY) return;
  pref = readPref();
  apply();
});
apply();

export const theme = {
  get: resolved.get,
  pref: (): ThemePref => pref,
  set(next: ThemePref) {
    pref = next;
    try {
      if (next === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      /* storage disabled: the choice lasts for this window */
    }
    apply();
  },
  subscribe: resolved.subscribe,
};

export function useTheme(): ThemeName {
  return useStore(resolved);
}

/** Colours the canvas layers draw with (CSS variables do not reach a canvas). */
export interface CanvasColors {
  dotStroke: string;
  label: string;
  labelHalo: string;
  /** A cluster's disc: neutral, so that its ring of state colours is what says what is inside. */
  clusterFill: string;
  /** The halo under a cluster's ring of states, apart from the tiles. */
  clusterRing: string;
  clusterText: string;
  selection: string;
  land: string;
  border: string;
}

export const CANVAS_COLORS: Record<ThemeName, CanvasColors> = {
  light: {
    dotStroke: 'rgba(255,255,255,0.9)',
    label: '#1d2430',
    labelHalo: 'rgba(255,255,255,0.95)',
    clusterFill: 'rgba(38,46,58,0.92)',
    clusterRing: 'rgba(255,255,255,0.92)',
    clusterText: '#ffffff',
    selection: '#ffb000',
    land: '#e6ebe0',
    border: '#8aa0b8',
  },
  dark: {
    dotStroke: 'rgba(16,20,28,0.9)',
    label: '#e8ecf2',
    labelHalo: 'rgba(16,20,28,0.92)',
    clusterFill: 'rgba(226,231,238,0.94)',
    clusterRing: 'rgba(13,17,23,0.88)',
    clusterText: '#0d1117',
    selection: '#ffc53d',
    land: '#2b3341',
    border: '#56657a',
  },
};
