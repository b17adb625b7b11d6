/**
 * The profile's geozones as an overlay under the objects: circles (Center + Radius in
 * metres), polygons (Points) and lines (Points + Width in metres, as wide on screen at
 * every zoom), drawn on their own canvas and not clickable, so a click still reaches the
 * objects above. An edit from the Admin screen (`geozones/changed`) redraws it.
 */
import L from 'leaflet';
import { lineWeightPx } from '../admin/geozones/geometry';
import { LazyCanvas } from '../canvas/lazy-canvas';
import { onPush, rpc } from '../rpc/client';

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
  Width?: number;
}

const isPoint = (p: unknown): p is LatLngRec =>
  typeof p === 'object' && p !== null && Number.isFinite((p as LatLngRec).Lat) && Number.isFinite((p as LatLngRec).Lng);
const COLOR = /^#[0-9a-f]{3,8}$/i;

/** What a path draws (tests read it back); a line's width in metres, so a zoom can set its stroke again. */
export interface DrawnZone {
  id: number | null;
  color: string;
  type: 'Circle' | 'Polygon' | 'Line';
}
type ZonePath = L.Path & { zone?: DrawnZone };
type LinePath = L.Polyline & { zone?: DrawnZone; widthM?: number };

/** A zone the map cannot draw (no points, no centre) is skipped, never an error for the rest. */
export function geozoneShapes(zones: unknown[], renderer: L.Renderer, pane: string, zoom = 10): L.Path[] {
  const out: ZonePath[] = [];
  const tag = (path: ZonePath, type: DrawnZone['type'], z: GeozoneRec, color: string) => {
    path.zone = { id: typeof z.Id === 'number' ? z.Id : null, color: color.toUpperCase(), type };
    out.push(path);
  };
  for (const raw of zones) {
    const z = raw as GeozoneRec;
    if (typeof z !== 'object' || z === null) continue;
    const color = typeof z.Color === 'string' && COLOR.test(z.Color) ? z.Color : '#7a5cc4';
    const style: L.PathOptions = { renderer, pane, color, weight: 1.5, opacity: 0.9, fillColor: color, fillOpacity: 0.14, interactive: false };
    const points = Array.isArray(z.Points) ? z.Points.filter(isPoint) : [];
    if (z.Type === 'Line') {
      if (points.length < 2) continue;
      const widthM = typeof z.Width === 'number' && z.Width > 0 ? z.Width : 0;
      const line: LinePath = L.polyline(points.map((p) => [p.Lat, p.Lng] as L.LatLngTuple), { ...style, opacity: 0.5, lineCap: 'round', weight: lineWeightPx(widthM, points[0]!.Lat, zoom) });
      line.widthM = widthM;
      tag(line, 'Line', z, color);
    } else if (z.Type !== 'Circle' && points.length >= 3) {
      tag(L.polygon(points.map((p) => [p.Lat, p.Lng] as L.LatLngTuple), style), 'Polygon', z, color);
    } else if (isPoint(z.Center) && typeof z.Radius === 'number' && z.Radius > 0) {
      tag(L.circle([z.Center.Lat, z.Center.Lng], { ...style, radius: z.Radius }), 'Circle', z, color);
    }
  }
  return out;
}

export class GeozoneOverlay {
  readonly group = L.layerGroup();
  count = 0;
  /** The centre of the largest zone drawn (tests and the bench look there). */
  largest: L.LatLng | null = null;

  /** Each zone as drawn (tests read what the live map shows). */
  drawn: DrawnZone[] = [];
  private lines: LinePath[] = [];

  constructor(private readonly map: L.Map) {
    map.createPane('geozones').style.zIndex = '350';
    map.on('zoomend', () => {
      for (const l of this.lines) l.setStyle({ weight: lineWeightPx(l.widthM ?? 0, l.getBounds().getCenter().lat, map.getZoom()) });
    });
  }

  /** Loads the list now and again after every edit made in this console; `drawn` hears the count. */
  follow(drawn: (count: number) => void): () => void {
    let alive = true;
    const load = () =>
      void rpc('geozones/list', {})
        .then((g) => {
          if (!alive) return;
          this.setZones(g.geozones);
          drawn(this.count);
        })
        .catch(() => alive && drawn(this.count));
    load();
    const off = onPush('geozones/changed', load);
    return () => {
      alive = false;
      off();
    };
  }

  private renderer: L.Renderer | null = null;

  setZones(zones: unknown[]): void {
    this.group.clearLayers();
    // Each set gets a fresh canvas; the previous one would otherwise stay on the map, empty.
    this.renderer?.remove();
    const renderer = (this.renderer = new LazyCanvas({ pane: 'geozones', padding: 0.3 }));
    const shapes = geozoneShapes(zones, renderer, 'geozones', this.map.getZoom());
    for (const s of shapes) this.group.addLayer(s);
    this.count = shapes.length;
    this.lines = shapes.filter((s): s is LinePath => s instanceof L.Polyline && !(s instanceof L.Polygon));
    this.drawn = shapes.flatMap((s) => ((s as ZonePath).zone ? [(s as ZonePath).zone!] : []));
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
