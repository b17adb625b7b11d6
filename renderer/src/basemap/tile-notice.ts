/**
 * What the map says when its tiles cannot be had, as a status inside the map (so it is read
 * out, and found by its role), and the one tile tried to learn whether they are back.
 */
import L from 'leaflet';
import { i18n } from '../i18n';
import './tile-notice.css';

export interface TileNotice {
  show(on: boolean): void;
}

/**
 * The status element is there from the start and only its text changes: a live region
 * added together with its words is not read out by every screen reader.
 */
export function addTileNotice(map: L.Map): TileNotice {
  const box = L.DomUtil.create('div', 'tile-notice');
  box.setAttribute('role', 'status');
  const control = new L.Control({ position: 'topleft' });
  control.onAdd = () => box;
  control.addTo(map);
  let shown = false;
  const say = () => {
    box.textContent = shown ? i18n.t('basemap:tilesUnavailable') : '';
  };
  i18n.on('languageChanged', say);
  map.once('unload', () => i18n.off('languageChanged', say));
  return {
    show: (on) => {
      shown = on;
      say();
    },
  };
}

/** One tile asked for (the last that failed, so never one the caches hold): true when it came. */
export function probeTile(url: string, at: L.Coords | null): Promise<boolean> {
  if (!url || !at) return Promise.resolve(false);
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = L.Util.template(url, { x: at.x, y: at.y, z: at.z });
  });
}
