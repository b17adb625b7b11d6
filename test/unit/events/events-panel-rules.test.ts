import { describe, expect, it } from 'vitest';
import { ACK_ALL_CONFIRM_OVER, ackAllNeedsConfirmation } from '../../../renderer/src/events/ack-all';
import { placePopup } from '../../../renderer/src/events/popup-place';

describe('alerts popup placement', () => {
  const viewport = { width: 1600, height: 900 };
  const inside = (p: { left: number; top: number; maxHeight: number }, size: { width: number; height: number }) => {
    expect(p.left).toBeGreaterThanOrEqual(8);
    expect(p.left + size.width).toBeLessThanOrEqual(viewport.width - 8);
    expect(p.top).toBeGreaterThanOrEqual(8);
    expect(p.top + Math.min(size.height, p.maxHeight)).toBeLessThanOrEqual(viewport.height - 8);
  };

  it('opens below the button, right edges aligned near the right of the window, when there is room', () => {
    const size = { width: 200, height: 300 };
    const p = placePopup({ left: 1400, top: 100, right: 1460, bottom: 124 }, size, viewport);
    expect(p).toEqual({ left: 1260, top: 128, maxHeight: 900 - 8 - 128 });
    inside(p, size);
  });

  it('stays inside the viewport when the button sits at the left edge of its column (the clipped menu)', () => {
    const size = { width: 200, height: 320 };
    const p = placePopup({ left: 1230, top: 580, right: 1290, bottom: 604 }, size, viewport);
    inside(p, size);
    expect(p.left).toBe(1230);
    // Too low for the list: it opens upwards, whole.
    expect(p.top + size.height).toBe(580 - 4);
    expect(p.maxHeight).toBeGreaterThanOrEqual(size.height);
    // A button at the very left of the window: pushed right, not off screen.
    inside(placePopup({ left: 0, top: 100, right: 40, bottom: 124 }, size, viewport), size);
  });

  it('scrolls (a max height) when the list fits on neither side', () => {
    const size = { width: 200, height: 800 };
    const p = placePopup({ left: 1400, top: 400, right: 1460, bottom: 424 }, size, viewport);
    expect(p.maxHeight).toBeLessThan(size.height);
    expect(p.top).toBeGreaterThanOrEqual(8);
    expect(p.top + p.maxHeight).toBeLessThanOrEqual(viewport.height - 8);
  });
});

describe('acknowledge all', () => {
  it('asks first beyond a handful or beyond the rows shown', () => {
    expect(ackAllNeedsConfirmation(3, 3)).toBe(false);
    expect(ackAllNeedsConfirmation(ACK_ALL_CONFIRM_OVER, 300)).toBe(false);
    expect(ackAllNeedsConfirmation(ACK_ALL_CONFIRM_OVER + 1, 300)).toBe(true);
    expect(ackAllNeedsConfirmation(2728, 300)).toBe(true);
    expect(ackAllNeedsConfirmation(5, 4)).toBe(true);
  });
});
