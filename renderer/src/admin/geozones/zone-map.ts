/**
 * The geozone editor's map: every zone drawn as a Leaflet path (SVG, so Geoman can edit
 * it), the selected one editable (vertices, radius, drag to move) when the account may
 * write, and Geoman's draw modes for a new circle, polygon or line. It only reports shapes
 * and clicks; what is saved is the screen's business.
 */
import type { GeozoneType } from '../../../../common/methods/geozones';
import { addBasemap, type Basemap } from '../../basemap/basemap';
import { h } from '../../ui/dom';
import { L } from './geoman';
import { lineWeightPx, shapeOfZone, zoneCentre, type LatLngPair, type ZoneRec, type ZoneShape } from './geometry';
import { applyGeomanWords } from './geoman-words';

/** A saved zone by its Id, or the one just drawn and not saved yet. */
export type ZoneKey = number | 'new';

export interface ZoneMapEvents {
  select(key: ZoneKey): void;
  /** The selected zone's shape after a draw, a reshape or a move. */
  shape(key: ZoneKey, shape: ZoneShape): void;
  /** A draw mode started (true) or ended, finished or not (false). */
  drawing(on: boolean): void;
}

interface Look {
  color: string;
  /** Metres; lines only. */
  width: number;
}

type ZonePath = L.Circle | L.Polygon | L.Polyline<GeoJSON.LineString | GeoJSON.MultiLineString | GeoJSON.Polygon | GeoJSON.MultiPolygon>;

/** From this zoom on (a town), each zone shows its name. */
const LABEL_ZOOM = 13;
const ll = (p: LatLngPair): L.LatLngTuple => [p[0], p[1]];
const pairOf = (p: L.LatLng): LatLngPair => [p.lat, p.lng];

/** The shape of a path as drawn or edited (a polygon's first ring; Leaflet nests rings). */
export function shapeOfLayer(layer: L.Layer): ZoneShape | null {
  if (layer instanceof L.Circle) return { kind: 'circle', center: pairOf(layer.getLatLng()), radius: layer.getRadius() };
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    return { kind: 'polygon', ring: (rings[0] ?? []).map(pairOf) };
  }
  if (layer instanceof L.Polyline) return { kind: 'line', path: (layer.getLatLngs() as L.LatLng[]).map(pairOf) };
  return null;
}

export class ZoneMap {
  readonly map: L.Map;
  private readonly basemap: Basemap;
  private readonly layers = new Map<ZoneKey, { path: ZonePath; look: Look; line: boolean; src?: string; edited?: boolean }>();
  private selected: ZoneKey | null = null;
  private editable = true;
  /** Geoman edits a layer's vertices or drags it whole, not both at once. */
  private mode: 'reshape' | 'move' = 'reshape';

  constructor(el: HTMLElement, private readonly on: ZoneMapEvents) {
    // Opt-in mode (geoman.ts): a map gets Geoman only when it asks with pmIgnore false.
    this.map = L.map(el, { zoomControl: true, minZoom: 2, fadeAnimation: false, worldCopyJump: true, pmIgnore: false } as L.MapOptions).setView([50, 10], 4);
    this.basemap = addBasemap(this.map);
    this.map.on('zoomend', () => {
      this.layers.forEach((_, key) => this.restyle(key));
      this.labels();
    });
    this.map.on('pm:create', (e) => this.drawn(e.layer, e.shape));
    this.map.on('pm:drawstart', () => this.on.drawing(true));
    this.map.on('pm:drawend', () => this.on.drawing(false));
  }

  /**
   * Replaces the saved zones (the one being drawn stays). The selected zone's layer stays as it
   * is while its record is unchanged (the echo of this console's own save) or while it holds
   * unsaved handle moves: redrawing it then would drop a drag in progress or the user's edit.
   */
  setZones(zones: ZoneRec[]): void {
    const byId = new Map(zones.map((z) => [z.Id, z]));
    let kept = false;
    for (const [key, l] of this.layers) {
      if (key === 'new') continue;
      const z = byId.get(key);
      if (key === this.selected && z && (l.edited || l.src === JSON.stringify(z))) {
        kept = true;
        continue;
      }
      l.path.remove();
      this.layers.delete(key);
    }
    for (const z of zones) {
      if (this.layers.has(z.Id)) continue;
      this.add(z.Id, shapeOfZone(z), { color: z.Color, width: z.Width }, z.Name);
      this.layers.get(z.Id)!.src = JSON.stringify(z);
    }
    this.labels();
    if (kept) return;
    const keep = this.selected;
    this.selected = null;
    if (keep !== null && this.layers.has(keep)) this.select(keep, false);
  }

  /** The selected zone's edits reached the service: the next list redraws it as stored. */
  saved(key: ZoneKey): void {
    const l = this.layers.get(key);
    if (l) l.edited = false;
  }

  /** Frames every zone (the first view of the list). */
  fitAll(): void {
    const b = L.latLngBounds([]);
    for (const l of this.layers.values()) b.extend(l.path.getBounds());
    if (b.isValid()) this.map.fitBounds(b, { padding: [24, 24], maxZoom: 15, animate: false });
  }

  setEditable(on: boolean): void {
    this.editable = on;
    if (!on) this.map.pm.disableDraw();
    if (this.selected !== null) this.select(this.selected, false);
  }

  /** Highlights one zone and, when the account may write, makes it editable; `frame` brings it into view. */
  select(key: ZoneKey | null, frame = true): void {
    if (this.selected !== null && this.selected !== key) this.release(this.selected);
    this.selected = key;
    const l = key === null ? undefined : this.layers.get(key);
    if (!l || key === null) return;
    this.restyle(key);
    l.path.bringToFront();
    if (this.editable && this.mode === 'move') l.path.pm.enableLayerDrag();
    else if (this.editable) l.path.pm.enable({ allowSelfIntersection: true, removeLayerBelowMinVertexCount: false });
    if (frame) {
      // Brought into view, and close enough to take hold of its handles.
      const b = l.path.getBounds();
      const size = this.map.latLngToContainerPoint(b.getNorthEast()).distanceTo(this.map.latLngToContainerPoint(b.getSouthWest()));
      if (!this.map.getBounds().contains(b) || size < 60) this.map.fitBounds(b, { padding: [80, 80], maxZoom: 17, animate: false });
    }
  }

  /** Reshape (handles on the vertices, the radius and the centre) or move (drag the whole shape). */
  setMode(mode: 'reshape' | 'move'): void {
    this.mode = mode;
    if (this.selected === null) return;
    this.release(this.selected);
    this.select(this.selected, false);
  }

  /** The selected zone's colour and width as the form has them now (before saving). */
  preview(key: ZoneKey, look: Partial<Look>): void {
    const l = this.layers.get(key);
    if (!l) return;
    l.look = { ...l.look, ...look };
    this.restyle(key);
  }

  /** Puts a saved zone back as stored (the form's Cancel), or drops the unsaved new one. */
  revert(key: ZoneKey, zone: ZoneRec | null): void {
    const l = this.layers.get(key);
    l?.path.remove();
    this.layers.delete(key);
    if (zone) {
      this.add(zone.Id, shapeOfZone(zone), { color: zone.Color, width: zone.Width }, zone.Name);
      this.layers.get(zone.Id)!.src = JSON.stringify(zone);
    }
    this.labels();
    if (this.selected === key) {
      this.selected = null;
      if (zone) this.select(zone.Id, false);
    }
  }

  /** Starts drawing a new zone; clicks on the map place its points (Geoman's draw mode). */
  draw(type: GeozoneType, look: Look): void {
    if (!this.editable) return;
    this.revert('new', null);
    if (this.selected !== null) this.release(this.selected);
    this.selected = null;
    const shape = type === 'Line' ? 'Line' : type;
    applyGeomanWords(this.map);
    this.map.pm.enableDraw(shape, {
      continueDrawing: false,
      tooltips: true,
      finishOn: null,
      pathOptions: { color: look.color, fillColor: look.color, weight: 3, pmIgnore: false } as L.PathOptions,
      templineStyle: { color: look.color },
      hintlineStyle: { color: look.color, dashArray: [5, 5] },
    });
  }

  cancelDraw(): void {
    this.map.pm.disableDraw();
  }

  drawing(): boolean {
    return this.map.pm.globalDrawModeEnabled();
  }

  /** Where a zone is on screen (tests click and drag there). */
  centreOf(key: ZoneKey): L.Point | null {
    const l = this.layers.get(key);
    const s = l ? shapeOfLayer(l.path) : null;
    return s ? this.map.latLngToContainerPoint(ll(zoneCentre(s))) : null;
  }

  remove(): void {
    this.basemap.remove();
    this.map.remove();
  }

  private drawn(layer: L.Layer, shapeName: string): void {
    const shape = shapeOfLayer(layer);
    layer.remove();
    if (!shape) return;
    const color = ((layer as L.Path).options.color as string | undefined) ?? '#3388FF';
    this.add('new', shape, { color, width: shapeName === 'Line' ? 20 : 0 });
    this.on.select('new');
    this.select('new', false);
    this.on.shape('new', shape);
  }

  /** Names on the zones once they are big enough to carry one; at country scale they would only pile up. */
  private labels(): void {
    const on = this.map.getZoom() >= LABEL_ZOOM;
    for (const l of this.layers.values()) {
      if (on) l.path.openTooltip();
      else l.path.closeTooltip();
    }
  }

  private add(key: ZoneKey, shape: ZoneShape, look: Look, name?: string): void {
    const base = { pmIgnore: false, bubblingMouseEvents: false } as L.PathOptions;
    const path: ZonePath =
      shape.kind === 'circle' ? L.circle(ll(shape.center), { ...base, radius: shape.radius })
      : shape.kind === 'polygon' ? L.polygon(shape.ring.map(ll), base)
      : L.polyline(shape.path.map(ll), { ...base, lineCap: 'round', lineJoin: 'round' });
    this.layers.set(key, { path, look, line: shape.kind === 'line' });
    path.on('click', () => this.on.select(key));
    const changed = () => {
      const entry = this.layers.get(key);
      if (entry) entry.edited = true;
      const s = shapeOfLayer(path);
      if (s) this.on.shape(key, s);
    };
    path.on('pm:edit', changed);
    path.on('pm:dragend', changed);
    // Text, never HTML: a zone's name is whatever the service holds.
    if (name) path.bindTooltip(h('span', null, name), { permanent: true, direction: 'center', className: 'gz-label', interactive: false });
    path.addTo(this.map);
    this.restyle(key);
  }

  private release(key: ZoneKey): void {
    const l = this.layers.get(key);
    if (!l) return;
    if (l.path.pm?.enabled()) l.path.pm.disable();
    if (l.path.pm?.layerDragEnabled()) l.path.pm.disableLayerDrag();
    this.restyle(key);
  }

  private restyle(key: ZoneKey): void {
    const l = this.layers.get(key);
    if (!l) return;
    const on = key === this.selected;
    if (l.line) {
      const lat = l.path.getBounds().getCenter().lat;
      l.path.setStyle({ color: l.look.color, opacity: on ? 0.75 : 0.5, weight: lineWeightPx(l.look.width, lat, this.map.getZoom()) });
    } else {
      l.path.setStyle({ color: l.look.color, fillColor: l.look.color, weight: on ? 4 : 2, opacity: 0.95, fillOpacity: on ? 0.3 : 0.15, dashArray: on ? '6 4' : '' });
    }
  }
}
