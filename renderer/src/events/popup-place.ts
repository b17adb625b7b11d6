/**
 * Where a popup opened from a button goes: inside the viewport whatever the button's place.
 * The events column is narrow and scrolls, so a popup positioned inside it was clipped by it;
 * the popup is now fixed to the viewport and placed here (pure, so it is unit-tested).
 */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  left: number;
  top: number;
  /** The popup scrolls past this (the room left on the side it opens to). */
  maxHeight: number;
}

export function placePopup(anchor: Box, size: { width: number; height: number }, viewport: { width: number; height: number }, margin = 8, gap = 4): Placement {
  // Left edges aligned when it fits (it then stays over the button's own column), else right
  // edges aligned; then pulled back inside.
  const width = Math.min(size.width, viewport.width - 2 * margin);
  const start = anchor.left + width <= viewport.width - margin ? anchor.left : anchor.right - width;
  const left = Math.max(margin, Math.min(start, viewport.width - margin - width));
  const below = viewport.height - margin - (anchor.bottom + gap);
  const above = anchor.top - gap - margin;
  // Below unless it does not fit there and there is more room above.
  if (size.height <= below || below >= above) return { left, top: anchor.bottom + gap, maxHeight: Math.max(0, below) };
  const maxHeight = Math.max(0, above);
  return { left, top: anchor.top - gap - Math.min(size.height, maxHeight), maxHeight };
}
