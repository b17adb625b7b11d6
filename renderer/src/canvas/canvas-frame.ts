/**
 * The frame a canvas overlay draws into: the view plus a margin `pad` (so a short pan
 * shows no empty edge), sized for the device pixel ratio, placed in layer coordinates
 * and cleared; the map's view as a `LayerArea` (layer-area.ts); a canvas placed for a zoom
 * animation. Shared by the canvas layers: objects, history track, world outline.
 */
import L from 'leaflet';
import type { LayerArea } from './layer-area';

export interface CanvasFrame {
  ctx: CanvasRenderingContext2D;
  /** Layer point of the canvas's top-left corner. */
  topLeft: L.Point;
  /** CSS pixels. */
  w: number;
  h: number;
}

/**
 * The size of a frame with margin `pad`: `w` × `h` CSS pixels, `width` × `height` canvas
 * pixels at `dpr` canvas pixels per CSS pixel. `resolution`: canvas pixels per device pixel.
 */
export function frameSize(map: L.Map, pad: L.Point, resolution = 1): { w: number; h: number; dpr: number; width: number; height: number } {
  const size = map.getSize();
  const w = size.x + 2 * pad.x;
  const h = size.y + 2 * pad.y;
  const dpr = (window.devicePixelRatio || 1) * resolution;
  return { w, h, dpr, width: Math.round(w * dpr), height: Math.round(h * dpr) };
}

/** `resolution`: canvas pixels per device pixel (below 1 for a layer drawn coarser and scaled up). */
export function prepareCanvasFrame(map: L.Map, canvas: HTMLCanvasElement, pad: L.Point, resolution = 1): CanvasFrame {
  const topLeft = map.containerPointToLayerPoint([-pad.x, -pad.y]);
  const { w, h, dpr, width, height } = frameSize(map, pad, resolution);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  }
  L.DomUtil.setPosition(canvas, topLeft);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return { ctx, topLeft, w, h };
}

/** The map's view as a `LayerArea`. */
export function viewArea(map: L.Map): LayerArea {
  const origin = map.getPixelOrigin();
  const size = map.getSize();
  const a = map.containerPointToLayerPoint([0, 0]);
  return { zoom: map.getZoom(), originX: origin.x, originY: origin.y, x0: a.x, y0: a.y, x1: a.x + size.x, y1: a.y + size.y };
}

/** What a frame drew, as a `LayerArea`, less `inset` pixels each side (kept for what reaches past its anchor). */
export function frameArea(map: L.Map, frame: Pick<CanvasFrame, 'topLeft' | 'w' | 'h'>, inset = 0): LayerArea {
  const origin = map.getPixelOrigin();
  const { x, y } = frame.topLeft;
  return { zoom: map.getZoom(), originX: origin.x, originY: origin.y, x0: x + inset, y0: y + inset, x1: x + frame.w - inset, y1: y + frame.h - inset };
}

/** Scales and moves a canvas whose top-left is at layer point `topLeft` along with a zoom animation, as Leaflet's own renderers do. */
export function followZoomAnimation(map: L.Map, canvas: HTMLCanvasElement, topLeft: L.Point, e: L.ZoomAnimEvent): void {
  const scale = map.getZoomScale(e.zoom, map.getZoom());
  // Leaflet's own renderers use this internal to place a layer for the zoom animation.
  const internal = map as unknown as { _getNewPixelOrigin(center: L.LatLng, zoom: number): L.Point };
  const offset = map.getPixelOrigin().add(topLeft).multiplyBy(scale).subtract(internal._getNewPixelOrigin(e.center, e.zoom));
  L.DomUtil.setTransform(canvas, offset, scale);
}
