/**
 * Where each window was (size, position, maximised, which display) and where it may open
 * again: on the same display if it is still connected, else the display it overlaps most,
 * else the first one; always inside that display's work area (a monitor unplugged or
 * rearranged must not open a window off every screen). The Electron shell stores the
 * records (main/electron/window-state.ts); this is the arithmetic, without electron.
 */
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the shell knows of a display (Electron's Display has more). */
export interface DisplayArea {
  id: number;
  workArea: Rect;
}

const RectSchema = z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().finite().positive(), height: z.number().finite().positive() });

export const WindowStateSchema = z.object({
  bounds: RectSchema,
  maximized: z.boolean(),
  fullScreen: z.boolean().default(false),
  displayId: z.number(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

/** The smallest window restored: smaller saved sizes (a hand edit, an odd display) grow to this. */
export const MIN_SIZE = { width: 480, height: 360 };

/**
 * The key a window's state is kept under: `main` for the main window, the route for a panel
 * window (`panel/events`) or the Admin window (`admin`), so two windows of one kind share a place.
 */
export function windowKey(url: string | null): string {
  if (!url) return 'main';
  let hash = '';
  try {
    hash = new URL(url).hash;
  } catch {
    return 'main';
  }
  const route = hash.replace(/^#\/?/, '').split('?')[0] ?? '';
  const panel = /^panel\/([a-z]+)/.exec(route);
  if (panel) return `panel/${panel[1]}`;
  return route.startsWith('admin') ? 'admin' : 'main';
}

/** A stored record read back: null when it is not one (an older format, a hand edit), so defaults apply. */
export function readWindowState(raw: unknown): WindowState | null {
  const r = WindowStateSchema.safeParse(raw);
  return r.success ? r.data : null;
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** `r` moved and shrunk as little as possible to lie inside `area`. */
export function clampInto(r: Rect, area: Rect): Rect {
  const width = Math.min(Math.max(r.width, Math.min(MIN_SIZE.width, area.width)), area.width);
  const height = Math.min(Math.max(r.height, Math.min(MIN_SIZE.height, area.height)), area.height);
  const x = Math.min(Math.max(r.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(r.y, area.y), area.y + area.height - height);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

export interface Placement {
  /** Absent: the window opens with its defaults where the system puts it. */
  bounds?: Rect;
  maximized: boolean;
  fullScreen: boolean;
  displayId?: number;
}

/** Where a window opens, given its saved state and the displays connected now. */
export function placeWindow(saved: WindowState | null, displays: readonly DisplayArea[]): Placement {
  if (!saved || displays.length === 0) return { maximized: false, fullScreen: false };
  const same = displays.find((d) => d.id === saved.displayId);
  const target =
    same ??
    displays.reduce<{ d: DisplayArea; area: number } | null>((best, d) => {
      const area = overlap(saved.bounds, d.workArea);
      return area > (best?.area ?? 0) ? { d, area } : best;
    }, null)?.d ??
    displays[0]!;
  let bounds = saved.bounds;
  if (!same && overlap(saved.bounds, target.workArea) === 0) {
    // Its display is gone and it overlaps none: centre it on the one it moves to.
    const wa = target.workArea;
    bounds = { ...bounds, x: wa.x + (wa.width - bounds.width) / 2, y: wa.y + (wa.height - bounds.height) / 2 };
  }
  return { bounds: clampInto(bounds, target.workArea), maximized: saved.maximized, fullScreen: saved.fullScreen, displayId: target.id };
}
