/**
 * Leaflet writes its zoom buttons' names once, in English, when a map is made: this names them
 * in the console's language and again on every language change, for every map (History, the
 * geozone editor, the import preview; the live map does the same for its own control).
 */
import type L from 'leaflet';
import { i18n } from '../i18n';

export function nameZoomButtons(map: L.Map): () => void {
  const apply = () => {
    const box = map.getContainer();
    for (const [cls, key] of [['.leaflet-control-zoom-in', 'map:view.zoomIn'], ['.leaflet-control-zoom-out', 'map:view.zoomOut']] as const) {
      const b = box.querySelector(cls);
      b?.setAttribute('title', i18n.t(key));
      b?.setAttribute('aria-label', i18n.t(key));
    }
  };
  apply();
  i18n.on('languageChanged', apply);
  return () => i18n.off('languageChanged', apply);
}
