/**
 * The profile's geozones as an overlay under the objects: circles (Center + Radius in
 * metres) and polygons (Points), drawn on their own canvas and not clickable, so a click
 * still reaches the objects above.
 */
import L from 'leaflet';
import { LazyCanvas } from '../canvas/lazy-canvas';

interface LatLngRec {
  Lat: number;
  Lng: number;
}
interface GeozoneRec {
  Id?: number;
  Name?: string;
  Type?: string;
  Color?: string;
  Center?: LatLngRec;
  Radius?: number;
  Points?: LatLngRec[];
}

const isPoint = (p: unknown): p is LatLngRec =>
  typeof p === 'object' && p !== null && Number.isFinite((p as LatLngRec).Lat) && Number.isFinite((p as LatLngRec).Lng);
const COLOR = /^#[0-9a-f]{3,8}$/i;

/** A zone the map cannot draw (no points, no centre) is skipped, never an error for the rest. */
export function geozoneShapes(zones: unknown[], renderer: L.Renderer, pane: string): L.Path[] {
  const out: L.Path[] = [];
  for (const raw of zones) {
    const z = raw as GeozoneRec;
    if (typeof z !== 'object' || z === null) continue;
    const color = typeof z.Color === 'string' && COLOR.test(z.Color) ? z.Color : '#7a5cc4';
    const style: L.PathOptions = { renderer, pane, color, weight: 1.5, opacity: 0.9, fillColor: color, fillOpacity: 0.14, interactive: false };
    const points = Array.isArray(z.Points) ? z.Points.filter(isPoint) : [];
    if (z.Type !== 'Circle' && points.length >= 3) {
      out.push(L.polygon(points.map((p) => [p.Lat, p.Lng] as L.LatLngTuple), style));
    } else if (isPoint(z.Center) && typeof z.Radius === 'number' && z.Radius > 0) {
      out.push(L.circle([z.Center.Lat, z.Center.Lng], { ...style, radius: z.Radius }));
    }
  }
  return out;
}

export class GeozoneOverlay {
  readonly group = L.layerGroup();
  count = 0;
  /** The centre of the largest zone drawn (tests and the bench look there). */
  largest: L.LatLng | null = null;

  constructor(private readonly map: L.Map) {
    map.createPane('geozones').style.zIndex = '350';
  }

  private renderer: L.Renderer | null = null;

  setZones(zones: unknown[]): void {
    this.group.clearLayers();
    // Each set gets a fresh canvas; the previous one would otherwise stay on the map, empty.
    this.renderer?.remove();
    const renderer = (this.renderer = new LazyCanvas({ pane: 'geozones', padding: 0.3 }));
    const shapes = geozoneShapes(zones, renderer, 'geozones');
    for (const s of shapes) this.group.addLayer(s);
    this.count = shapes.length;
    let area = -1;
    this.largest = null;
    for (const s of shapes) {
      const b = (s as L.Polygon | L.Circle).getBounds();
      const a = (b.getNorth() - b.getSouth()) * (b.getEast() - b.getWest());
      if (a > area) [area, this.largest] = [a, b.getCenter()];
    }
  }

  show(on: boolean): void {
    if (on) this.group.addTo(this.map);
    else this.group.remove();
  }

  get shown(): boolean {
    return this.map.hasLayer(this.group);
  }
}
