import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBasemap } from '../../basemap/basemap';
import { LazyCanvas } from '../../canvas/lazy-canvas';
import { rpc } from '../../rpc/client';
import { CANVAS_COLORS, theme } from '../../theme/theme';

type Line = { lat: ArrayLike<number>; lng: ArrayLike<number> };

const latLngs = (t: Line): L.LatLngExpression[] => Array.from({ length: t.lat.length }, (_, i) => [t.lat[i]!, t.lng[i]!] as [number, number]);

/** The file's track (blue) over the object's existing track for the same interval (grey), on the history map's basemap. */
export function TrackPreviewMap({ imported, existing }: { imported: Line; existing: Line | null }) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  useEffect(() => {
    // The app's canvas renderer (lazy-canvas.ts): Leaflet's own can paint after the map is gone.
    const map = L.map(el.current!, { preferCanvas: true, renderer: new LazyCanvas(), fadeAnimation: false }).setView([50, 10], 4);
    const base = addBasemap(map, CANVAS_COLORS[theme.get()]);
    let alive = true;
    void rpc('tiles/config', {}).then((c) => alive && base.setSource(c)).catch(() => {});
    mapRef.current = map;
    layers.current = L.layerGroup().addTo(map);
    return () => {
      alive = false;
      map.remove();
    };
  }, []);
  useEffect(() => {
    const map = mapRef.current;
    const g = layers.current;
    if (!map || !g) return;
    g.clearLayers();
    if (existing && existing.lat.length) L.polyline(latLngs(existing), { color: '#888', weight: 3, dashArray: '6 4' }).addTo(g);
    const line = L.polyline(latLngs(imported), { color: '#1565c0', weight: 3 }).addTo(g);
    if (imported.lat.length) map.fitBounds(line.getBounds(), { padding: [20, 20] });
  }, [imported, existing]);
  const { t } = useTranslation('admin');
  return (
    <figure className="himport-map">
      <div ref={el} role="img" aria-label={existing ? t('historyImport.mapBoth') : t('historyImport.mapFile')} style={{ height: 320 }} />
      <figcaption>
        {existing ? t('historyImport.legend', { file: imported.lat.length, existing: existing.lat.length }) : t('historyImport.legendFileOnly', { file: imported.lat.length })}
      </figcaption>
    </figure>
  );
}
