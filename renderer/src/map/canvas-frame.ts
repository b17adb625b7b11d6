/**
 * The frame a canvas overlay draws into: the view plus a margin `pad` (so a short pan
 * shows no empty edge), sized for the device pixel ratio, placed in layer coordinates
 * and cleared. Shared by the live object layer and the history track layer.
 */
import L from 'leaflet';

export interface CanvasFrame {
  ctx: CanvasRenderingContext2D;
  /** Layer point of the canvas's top-left corner. */
  topLeft: L.Point;
  /** CSS pixels. */
  w: number;
  h: number;
}

/** `resolution`: canvas pixels per device pixel (below 1 for a layer drawn coarser and scaled up). */
export function prepareCanvasFrame(map: L.Map, canvas: HTMLCanvasElement, pad: L.Point, resolution = 1): CanvasFrame {
  const size = map.getSize();
  const topLeft = map.containerPointToLayerPoint([-pad.x, -pad.y]);
  const w = size.x + 2 * pad.x;
  const h = size.y + 2 * pad.y;
  const dpr = (window.devicePixelRatio || 1) * resolution;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  }
  L.DomUtil.setPosition(canvas, topLeft);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return { ctx, topLeft, w, h };
}
