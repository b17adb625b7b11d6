/**
 * The base map: tiles from the configured source (OpenStreetMap by default), fetched and
 * cached by the main side and served to this page by the host (browser mode: its /tiles
 * route; Electron: the fleet-tile: scheme), over a bundled low-detail world (world-layer.ts).
 * With no tile to be had, as offline in an area never seen, the world outline still
 * shows: never a grey square.
 */
import L from 'leaflet';
import type { TilesConfig } from '../../../common/methods/tiles';
import { rpc } from '../rpc/client';
import { launchToken } from '../rpc/transport';
import { CANVAS_COLORS, type CanvasColors } from '../theme/theme';
import { WorldLayer } from './world-layer';

export { DEFAULT_TILE_URL } from '../../../common/methods/tiles';

/** A transparent pixel: a tile that failed shows the world outline under it, not a broken image. */
const EMPTY_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Where this page asks for tiles; `version` changes with the source, so no tile of one shows for another. */
export function hostTileUrl(version: string): string {
  if (window.fleet) return `fleet-tile://tiles/{z}/{x}/{y}?v=${version}`;
  return `/tiles/{z}/{x}/{y}?v=${version}&token=${encodeURIComponent(launchToken())}`;
}

/** The tile source is one setting for every map of the window (live, history): asked once, changes pushed to all. */
let source: TilesConfig | null = null;
const sourceListeners = new Set<(c: TilesConfig) => void>();
let asked = false;

export function setTileSource(c: TilesConfig): void {
  source = c;
  for (const l of sourceListeners) l(c);
}

function onTileSource(l: (c: TilesConfig) => void): () => void {
  sourceListeners.add(l);
  if (source) l(source);
  else if (!asked) {
    asked = true;
    void rpc('tiles/config', {})
      .then(setTileSource)
      .catch(() => {
        asked = false;
      });
  }
  return () => sourceListeners.delete(l);
}

export interface Basemap {
  tiles: L.TileLayer;
  setSource(source: { url: string; version: string }): void;
  /**
   * While held, no tile is asked for (the world outline shows): for a map about to move
   * to what it was opened for, whose first view's tiles would be thrown away unseen.
   */
  hold(on: boolean): void;
  setColors(c: CanvasColors): void;
  remove(): void;
}

/** `held`: starts held (`Basemap.hold`), before a source already known would add the tiles at once. */
export function addBasemap(map: L.Map, colors: CanvasColors = CANVAS_COLORS.light, opts: { held?: boolean } = {}): Basemap {
  // Its own pane, under the tiles (200), not the overlay pane over them.
  map.createPane('fallback').style.zIndex = '150';
  const outline = new WorldLayer(colors, 'fallback').addTo(map);
  // No tiles until the source's version is known: a request without it would hit the wrong cache key.
  const tiles = L.tileLayer('', { maxZoom: 19, errorTileUrl: EMPTY_TILE, crossOrigin: false });
  let held = opts.held ?? false;
  let pending: { url: string; version: string } | null = null;
  const apply = (c: { url: string; version: string }) => {
    tiles.options.attribution = /openstreetmap\.org/.test(c.url) ? '&copy; OpenStreetMap contributors' : `Tiles: ${safeHost(c.url)}`;
    // Re-added so the attribution control picks up the new source's credit.
    tiles.remove();
    tiles.setUrl(hostTileUrl(c.version), true);
    tiles.addTo(map);
  };
  const setSource = (c: { url: string; version: string }) => {
    if (held) pending = c;
    else apply(c);
  };
  const off = onTileSource(setSource);
  map.on('unload', off);
  return {
    tiles,
    setSource,
    hold: (on) => {
      held = on;
      if (on || !pending) return;
      const c = pending;
      pending = null;
      apply(c);
    },
    setColors: (c) => outline.setColors(c),
    remove: off,
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url.replace(/\{[zxys]\}/g, '0')).host.replace(/[<>&"]/g, '');
  } catch {
    return 'custom source';
  }
}
