import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { fleetStore } from '../stores/fleet-store';
import { addBasemap } from './basemap';
import { ObjectLayer } from './object-layer';

interface Props {
  selected: number | null;
  onSelect: (id: number | null) => void;
}

/** React owns the container; Leaflet and the canvas layer own everything inside it. */
export function MapView({ selected, onSelect }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<ObjectLayer | null>(null);
  const selectedRef = useRef(selected);
  const onSelectRef = useRef(onSelect);
  selectedRef.current = selected;
  onSelectRef.current = onSelect;
  const fitted = useRef(false);

  useEffect(() => {
    const map = L.map(el.current!, { preferCanvas: true, worldCopyJump: true, zoomControl: true }).setView([50, 10], 4);
    addBasemap(map);
    const layer = new ObjectLayer({
      store: fleetStore,
      onSelect: (id) => onSelectRef.current(id),
      getSelected: () => selectedRef.current,
    }).addTo(map);
    mapRef.current = map;
    layerRef.current = layer;
    // Fit the fleet once, when its first positions arrive.
    const fit = () => {
      if (fitted.current) return;
      const p = fleetStore.positions;
      const pts: L.LatLngTuple[] = [];
      for (let i = 0; i < p.count; i++) if (p.time[i] !== 0) pts.push([p.lat[i]!, p.lng[i]!]);
      if (pts.length === 0) return;
      fitted.current = true;
      map.fitBounds(L.latLngBounds(pts), { padding: [30, 30], maxZoom: 13 });
    };
    fit();
    const unsub = fleetStore.subscribe(fit);
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(el.current!);
    return () => {
      unsub();
      ro.disconnect();
      map.remove();
    };
  }, []);

  useEffect(() => {
    layerRef.current?.schedule();
    if (selected === null) return;
    const pos = fleetStore.position(selected);
    if (pos && mapRef.current && !mapRef.current.getBounds().pad(-0.1).contains([pos.lat, pos.lng])) {
      mapRef.current.panTo([pos.lat, pos.lng]);
    }
  }, [selected]);

  return <div ref={el} className="map" role="region" aria-label="Map of the fleet" data-testid="map" />;
}
