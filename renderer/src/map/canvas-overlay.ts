/**
 * A Leaflet layer that is one canvas in a pane, drawn by its subclass (`paint`) over the
 * view plus a margin. It is redrawn only when the view leaves the area last drawn, the zoom
 * or Leaflet's pixel origin changes, or the subclass asks (`redraw`): a pan inside the
 * margin moves the pane, not the pixels. During a zoom animation the canvas is scaled with
 * the map, then drawn again at the new zoom. Shared by the history track and the world outline.
 */
import L from 'leaflet';
import { prepareCanvasFrame, type CanvasFrame } from './canvas-frame';

/** Above this many pixels a view gets no margin: a canvas past the browser's size limit draws nothing at all. */
const HUGE_VIEW_PX = 4_000_000;

export interface CanvasOverlayOptions {
  /** Class of the canvas element (tests and styles find it by it). */
  className: string;
  /** The pane the canvas goes in: the overlay pane unless named. */
  pane?: string;
  /** The margin drawn around the view on each side, as a share of its size. */
  padding: number;
  /** Canvas pixels per device pixel: below 1, drawn coarser and scaled up (prepareCanvasFrame). */
  resolution?: number;
}

export abstract class CanvasOverlay extends L.Layer {
  protected canvas!: HTMLCanvasElement;
  protected topLeft = L.point(0, 0);
  private frame = 0;
  /** What the canvas holds: redrawing is needed only when the view leaves it. */
  private drawn: { zoom: number; origin: L.Point; topLeft: L.Point; w: number; h: number } | null = null;

  constructor(private readonly overlay: CanvasOverlayOptions) {
    super();
  }

  /** Draws the view into `frame` (cleared, placed at `frame.topLeft` in layer pixels). */
  protected abstract paint(frame: CanvasFrame, map: L.Map): void;

  override onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', `${this.overlay.className} leaflet-zoom-animated`);
    this.canvas.setAttribute('aria-hidden', 'true');
    const pane = this.overlay.pane ? map.getPane(this.overlay.pane) : undefined;
    (pane ?? map.getPanes().overlayPane!).appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.schedule, this);
    map.on('zoomanim', this.animateZoom, this);
    this.drawn = null;
    this.schedule();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.schedule, this);
    map.off('zoomanim', this.animateZoom, this);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.canvas.remove();
    return this;
  }

  /** Draws on the next frame, unless the canvas already shows the view. */
  schedule(): void {
    if (this.frame || !this._map) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** What is drawn changed (data, colours): draw again on the next frame. */
  redraw(): this {
    this.drawn = null;
    this.schedule();
    return this;
  }

  private animateZoom(e: L.ZoomAnimEvent): void {
    const map = this._map;
    // The canvas is scaled and moved for the animation: whatever it held must be drawn again.
    this.drawn = null;
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    // Leaflet's own renderers use this internal to place a layer for the zoom animation.
    const internal = map as unknown as { _getNewPixelOrigin(center: L.LatLng, zoom: number): L.Point };
    const offset = map.getPixelOrigin().add(this.topLeft).multiplyBy(scale).subtract(internal._getNewPixelOrigin(e.center, e.zoom));
    L.DomUtil.setTransform(this.canvas, offset, scale);
  }

  /** The canvas already shows this view: same zoom and pixel origin, and the view inside its area. */
  private covers(map: L.Map): boolean {
    const d = this.drawn;
    if (!d || d.zoom !== map.getZoom() || !d.origin.equals(map.getPixelOrigin())) return false;
    const a = map.containerPointToLayerPoint([0, 0]);
    const size = map.getSize();
    return a.x >= d.topLeft.x && a.y >= d.topLeft.y && a.x + size.x <= d.topLeft.x + d.w && a.y + size.y <= d.topLeft.y + d.h;
  }

  private padFor(size: L.Point): L.Point {
    return size.x * size.y > HUGE_VIEW_PX ? L.point(0, 0) : size.multiplyBy(this.overlay.padding).round();
  }

  private draw(): void {
    const map = this._map;
    if (!map || this.covers(map)) return;
    const frame = prepareCanvasFrame(map, this.canvas, this.padFor(map.getSize()), this.overlay.resolution);
    this.topLeft = frame.topLeft;
    this.drawn = { zoom: map.getZoom(), origin: map.getPixelOrigin(), topLeft: frame.topLeft, w: frame.w, h: frame.h };
    this.paint(frame, map);
  }
}
