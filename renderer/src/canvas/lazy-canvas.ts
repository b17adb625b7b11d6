/**
 * Leaflet's canvas renderer resizes and redraws its whole canvas on every `moveend`. A
 * map that is panned a little at a time (arrow keys, a bench, follow mode) then reallocates
 * and repaints the geozones and the world outline every frame, though the padded area
 * already drawn still covers the view. This one redraws only when the view leaves that
 * area, the zoom changes or Leaflet moves its pixel origin, as the object layer does.
 *
 * It also mends two faults of Leaflet 1.9's canvas around a pending frame (below), so the app's
 * maps draw their vectors with this one.
 */
import L from 'leaflet';
import { viewArea } from './canvas-frame';
import { drawnCovers } from './layer-area';

interface CanvasInternals {
  _map: L.Map | undefined;
  _bounds: L.Bounds | undefined;
  _zoom: number | undefined;
  _ctx: CanvasRenderingContext2D | undefined;
  _redrawRequest: number | null | undefined;
}

const base = L.Canvas.prototype as unknown as { _update(): void; _redraw(): void; _destroyContainer(): void };

export class LazyCanvas extends L.Canvas {
  private drawnOrigin: L.Point | null = null;

  /** Leaflet calls this on moveend, viewreset and when the renderer is added. */
  _update(): void {
    const self = this as unknown as CanvasInternals;
    const map = self._map;
    if (map && this.stillCovers(map, self)) return;
    this.drawnOrigin = map ? map.getPixelOrigin() : null;
    base._update.call(this);
  }

  /**
   * Leaflet runs this from the frame it asked for and also at once on its own update, which
   * forgets that frame without cancelling it: removed meanwhile (a new zone list, leaving the
   * screen), the renderer was then painted by it with no canvas, an uncaught error. So the
   * frame is cancelled here, and a renderer without its canvas paints nothing.
   */
  _redraw(): void {
    const self = this as unknown as CanvasInternals;
    L.Util.cancelAnimFrame(self._redrawRequest ?? 0);
    if (!self._ctx) {
      self._redrawRequest = null;
      return;
    }
    base._redraw.call(this);
  }

  /** Leaflet keeps the cancelled frame's id, and a renderer added again then never asks for another (fixed upstream after 1.9.4). */
  _destroyContainer(): void {
    base._destroyContainer.call(this);
    (this as unknown as CanvasInternals)._redrawRequest = null;
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
