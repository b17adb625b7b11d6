/**
 * Leaflet's canvas renderer resizes and redraws its whole canvas on every `moveend`. A
 * map that is panned a little at a time (arrow keys, a bench, follow mode) then reallocates
 * and repaints the geozones and the world outline every frame, though the padded area
 * already drawn still covers the view. This one redraws only when the view leaves that
 * area, the zoom changes or Leaflet moves its pixel origin, as the object layer does.
 */
import L from 'leaflet';
import { viewArea } from './canvas-frame';
import { drawnCovers } from './layer-area';

interface CanvasInternals {
  _map: L.Map | undefined;
  _bounds: L.Bounds | undefined;
  _zoom: number | undefined;
}

export class LazyCanvas extends L.Canvas {
  private drawnOrigin: L.Point | null = null;

  /** Leaflet calls this on moveend, viewreset and when the renderer is added. */
  _update(): void {
    const self = this as unknown as CanvasInternals;
    const map = self._map;
    if (map && this.stillCovers(map, self)) return;
    this.drawnOrigin = map ? map.getPixelOrigin() : null;
    (L.Canvas.prototype as unknown as { _update(this: L.Canvas): void })._update.call(this);
  }

  override onRemove(map: L.Map): this {
    // Added again later, it gets a new, empty canvas: that one must be drawn.
    this.drawnOrigin = null;
    return super.onRemove(map);
  }

  private stillCovers(map: L.Map, self: CanvasInternals): boolean {
    const b = self._bounds;
    const o = this.drawnOrigin;
    if (!b || self._zoom === undefined || !o) return false;
    return drawnCovers({ zoom: self._zoom, originX: o.x, originY: o.y, x0: b.min!.x, y0: b.min!.y, x1: b.max!.x, y1: b.max!.y }, viewArea(map));
  }
}
