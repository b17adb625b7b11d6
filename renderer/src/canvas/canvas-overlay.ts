/**
 * A Leaflet layer that is one canvas in a pane, drawn by its subclass (`paint`) over the
 * view plus a margin. It is redrawn only when the view leaves the area last drawn, the zoom
 * or Leaflet's pixel origin changes, or the subclass asks (`redraw`): a pan inside the
 * margin moves the pane, not the pixels. During a zoom animation the canvas is scaled with
 * the map, then drawn again at the new zoom. Shared by the history track and the world outline.
 */
import L from 'leaflet';
import { followZoomAnimation, frameArea, prepareCanvasFrame, viewArea, type CanvasFrame } from './canvas-frame';
import { drawnCovers, type LayerArea } from './layer-area';

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
  private drawn: LayerArea | null = null;

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
    // The canvas is scaled and moved for the animation: whatever it held must be drawn again.
    this.drawn = null;
    followZoomAnimation(this._map, this.canvas, this.topLeft, e);
  }

  private padFor(size: L.Point): L.Point {
    return size.x * size.y > HUGE_VIEW_PX ? L.point(0, 0) : size.multiplyBy(this.overlay.padding).round();
  }

  private draw(): void {
    const map = this._map;
    if (!map || drawnCovers(this.drawn, viewArea(map))) return;
    const frame = prepareCanvasFrame(map, this.canvas, this.padFor(map.getSize()), this.overlay.resolution);
    this.topLeft = frame.topLeft;
    this.drawn = frameArea(map, frame);
    this.paint(frame, map);
  }
}
