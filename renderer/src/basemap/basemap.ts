/**
 * The base map: tiles from the configured source (OpenStreetMap by default), fetched and
 * cached by the main side and served to this page by the host (browser mode: its /tiles
 * route; Electron: the fleet-tile: scheme), over a bundled low-detail world (world-layer.ts).
 * With no tile to be had, as offline in an area never seen, the world outline still
 * shows: never a grey square. When tiles keep failing, the map says so and stops asking
 * for them until one try answers again (tile-backoff.ts).
 */
import L from 'leaflet';
import { nameZoomButtons } from './zoom-words';
import type { TilesConfig } from '../../../common/methods/tiles';
import { rpc } from '../rpc/client';
import { launchToken } from '../rpc/transport';
import { CANVAS_COLORS, type CanvasColors } from '../theme/theme';
import { TileBackoff } from './tile-backoff';
import { addTileNotice, probeTile } from './tile-notice';
import { WorldLayer } from './world-layer';

export { DEFAULT_TILE_URL } from '../../../common/tile-url';

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

type SourceOf = Pick<TilesConfig, 'url' | 'version' | 'sourceDown'>;

export interface Basemap {
  tiles: L.TileLayer;
  setSource(source: SourceOf): void;
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
  // Every map has a basemap: its zoom buttons are named in the console's language here, until the map goes.
  map.once('unload', nameZoomButtons(map));
  const outline = new WorldLayer(colors, 'fallback').addTo(map);
  // No tiles until the source's version is known: a request without it would hit the wrong cache key.
  const tiles = L.tileLayer('', { maxZoom: 19, errorTileUrl: EMPTY_TILE, crossOrigin: false });
  let held = opts.held ?? false;
  let pending: SourceOf | null = null;
  // The source's URL on this page; while the source is down the layer's own URL is the
  // empty tile, so new tiles cost no request and tiles already shown stay.
  let url = '';
  let lastFailed: L.Coords | null = null;
  const notice = addTileNotice(map);
  const backoff = new TileBackoff({
    // With no tile failed yet (the main side said the source is down), the one in the middle.
    probe: () => probeTile(url, lastFailed ?? centreTile(map, tiles)),
    onChange: (down) => {
      notice.show(down);
      if (!url) return;
      // Back up: set anew and redrawn, so the tiles that failed in view are asked again.
      if (down) tiles.setUrl(EMPTY_TILE, true);
      else tiles.setUrl(url);
    },
  });
  // A failed tile shows EMPTY_TILE, whose own load is no tile from the source.
  tiles.on('tileload', (e) => {
    if (e.tile.getAttribute('src') !== EMPTY_TILE) backoff.loaded();
  });
  tiles.on('tileerror', (e) => {
    lastFailed = e.coords;
    backoff.failed();
  });
  const apply = (c: SourceOf) => {
    tiles.options.attribution = /openstreetmap\.org/.test(c.url) ? '&copy; OpenStreetMap contributors' : `Tiles: ${safeHost(c.url)}`;
    url = hostTileUrl(c.version);
    // A new source gets a fresh try.
    backoff.reset();
    // Re-added so the attribution control picks up the new source's credit.
    tiles.remove();
    // Known down already: the page's first view asks for no tile, only the back-off's try.
    if (c.sourceDown) backoff.startDown();
    tiles.setUrl(backoff.down ? EMPTY_TILE : url, true);
    tiles.addTo(map);
  };
  const setSource = (c: SourceOf) => {
    if (held) pending = c;
    else apply(c);
  };
  const off = onTileSource(setSource);
  const remove = () => {
    off();
    backoff.reset();
  };
  map.on('unload', remove);
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
    remove,
  };
}

function centreTile(map: L.Map, tiles: L.TileLayer): L.Coords {
  const z = Math.round(map.getZoom());
  const p = map.project(map.getCenter(), z).divideBy(tiles.getTileSize().x).floor();
  return Object.assign(p, { z }) as L.Coords;
}

function safeHost(url: string): string {
  try {
    return new URL(url.replace(/\{[zxys]\}/g, '0')).host.replace(/[<>&"]/g, '');
  } catch {
    return 'custom source';
  }
}
