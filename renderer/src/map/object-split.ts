/**
 * A dense frame of the live map drawn in two parts: first the objects in and near the view,
 * then, on the next frame, those in the margin drawn around it for pans (object-layer.ts).
 * At 100,000 objects a street-level frame holds 7,000–14,000 of them, most in the margin; one
 * task for all of them was the live map's longest. Every object in the view is on screen after
 * the first part; the second puts no pixel over the view, only names reaching into it.
 */

/** From this many objects (distinct device pixels) a frame is drawn in two parts. */
export const SPLIT_FROM = 3000;

/**
 * How far past the view (CSS pixels) the first part draws: more than any sprite reaches from
 * its anchor (sprites.ts: radius, arrow and outline), so the second part's sprites stay off the view.
 */
export const NEAR = 64;

/** A box in the canvas's CSS pixels. */
export interface CanvasRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Which objects a part draws: those anchored inside `near` (the first), or outside it (the second, which keeps `keep`'s pixels). */
export interface FramePart {
  first: boolean;
  near: CanvasRect;
  /** The view, on whole device pixels: the second part puts and draws nothing inside it. */
  keep: CanvasRect;
}

export function inRect(r: CanvasRect, x: number, y: number): boolean {
  return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
}

/** The two parts of a frame whose canvas has margin `pad` around a view of `size` (CSS pixels). */
export function frameParts(size: { x: number; y: number }, pad: { x: number; y: number }, dpr: number): { first: FramePart; second: FramePart } {
  const near = { x0: pad.x - NEAR, y0: pad.y - NEAR, x1: pad.x + size.x + NEAR, y1: pad.y + size.y + NEAR };
  // Outward to whole device pixels: putting pixels works on them, and the clip of the names must match.
  const keep = {
    x0: Math.floor(pad.x * dpr) / dpr,
    y0: Math.floor(pad.y * dpr) / dpr,
    x1: Math.ceil((pad.x + size.x) * dpr) / dpr,
    y1: Math.ceil((pad.y + size.y) * dpr) / dpr,
  };
  return { first: { first: true, near, keep }, second: { first: false, near, keep } };
}
