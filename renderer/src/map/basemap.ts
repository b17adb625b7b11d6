/**
 * The base map: OpenStreetMap tiles over a bundled low-detail world (Natural Earth
 * 1:110m countries from the world-atlas package). With no tile reachable, as offline
 * or on a closed network, the world outline still shows: the map is never a grey square.
 */
import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export function addBasemap(map: L.Map, tileUrl = DEFAULT_TILE_URL): void {
  const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
  const world = feature(topo, topo.objects.countries);
  const renderer = L.canvas({ padding: 0.5 });
  map.createPane('fallback').style.zIndex = '150';
  L.geoJSON(world, {
    pane: 'fallback',
    renderer,
    interactive: false,
    style: { color: '#8aa0b8', weight: 1, fillColor: '#e6ebe0', fillOpacity: 1 },
  } as L.GeoJSONOptions).addTo(map);
  L.tileLayer(tileUrl, {
    maxZoom: 19,
    attribution: '&copy; OpenStreetMap contributors',
    crossOrigin: false,
  }).addTo(map);
}
