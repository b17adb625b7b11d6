import { describe, expect, it } from 'vitest';
import { drawnCovers, type LayerArea } from '../../../renderer/src/canvas/layer-area';

describe('when a canvas layer draws again', () => {
  const drawn: LayerArea = { zoom: 12, originX: 1000, originY: 2000, x0: -100, y0: -80, x1: 900, y1: 680 };
  const view = (dx: number, dy: number, o: Partial<LayerArea> = {}): LayerArea => ({ zoom: 12, originX: 1000, originY: 2000, x0: dx, y0: dy, x1: dx + 800, y1: dy + 600, ...o });

  it('not while the view stays inside the area drawn, up to its edges', () => {
    expect(drawnCovers(drawn, view(0, 0))).toBe(true);
    expect(drawnCovers(drawn, view(-100, -80))).toBe(true);
    expect(drawnCovers(drawn, view(100, 80))).toBe(true);
  });

  it('once the view leaves it on any side', () => {
    expect(drawnCovers(drawn, view(-101, 0))).toBe(false);
    expect(drawnCovers(drawn, view(0, -81))).toBe(false);
    expect(drawnCovers(drawn, view(101, 0))).toBe(false);
    expect(drawnCovers(drawn, view(0, 81))).toBe(false);
  });

  it('when the zoom or the pixel origin changed, wherever the box lies, and when nothing was drawn', () => {
    expect(drawnCovers(drawn, view(0, 0, { zoom: 13 }))).toBe(false);
    expect(drawnCovers(drawn, view(0, 0, { originX: 1001 }))).toBe(false);
    expect(drawnCovers(drawn, view(0, 0, { originY: 1999 }))).toBe(false);
    expect(drawnCovers(null, view(0, 0))).toBe(false);
  });
});
