/**
 * When a canvas layer must draw again: areas in layer pixels, apart from Leaflet so the
 * rule is testable in Node (test/unit/canvas/layer-area.test.ts).
 */

/** A box in layer pixels at one zoom and pixel origin: what a canvas drew, or what the map shows. */
export interface LayerArea {
  zoom: number;
  originX: number;
  originY: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * True when the canvas that drew `drawn` already shows `view`: same zoom and pixel origin
 * (layer pixels mean the same place), and the view inside the drawn box. The one rule of
 * every canvas layer here that redraws only when the view leaves what it drew.
 */
export function drawnCovers(drawn: LayerArea | null, view: LayerArea): boolean {
  if (!drawn || drawn.zoom !== view.zoom || drawn.originX !== view.originX || drawn.originY !== view.originY) return false;
  return view.x0 >= drawn.x0 && view.y0 >= drawn.y0 && view.x1 <= drawn.x1 && view.y1 <= drawn.y1;
}
