/**
 * The bench's baseline: one Leaflet DOM marker (divIcon) per object, moved on every
 * delta: what the canvas layer replaces, measured in the same page so the ratio is fair.
 */
import L from 'leaflet';
import type { FleetStore } from '../stores/fleet-store';

export function addDomMarkers(map: L.Map, store: FleetStore, limit: number): { count: number; remove(): void } {
  const icon = L.divIcon({ className: 'fleet-dom-marker', iconSize: [10, 10] });
  const group = L.layerGroup().addTo(map);
  const markers: { slot: number; marker: L.Marker }[] = [];
  const p = store.positions;
  for (let i = 0; i < p.count && markers.length < limit; i++) {
    if (p.time[i] === 0) continue;
    markers.push({ slot: i, marker: L.marker([p.lat[i]!, p.lng[i]!], { icon, keyboard: false }).addTo(group) });
  }
  const unsubscribe = store.subscribe(() => {
    const q = store.positions;
    for (const m of markers) m.marker.setLatLng([q.lat[m.slot]!, q.lng[m.slot]!]);
  });
  return {
    count: markers.length,
    remove() {
      unsubscribe();
      group.remove();
    },
  };
}
