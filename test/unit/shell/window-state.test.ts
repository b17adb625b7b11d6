import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampInto, MIN_SIZE, placeWindow, readWindowState, windowKey, type DisplayArea, type Rect } from '../../../main/core/shell/window-state';

const left: DisplayArea = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const right: DisplayArea = { id: 2, workArea: { x: 1920, y: 0, width: 2560, height: 1400 } };
const inside = (r: Rect, a: Rect) => r.x >= a.x && r.y >= a.y && r.x + r.width <= a.x + a.width && r.y + r.height <= a.y + a.height;

describe('window places', () => {
  it('keys the main window, each panel window and the Admin window apart', () => {
    expect(windowKey(null)).toBe('main');
    expect(windowKey('fleet://app/#/live')).toBe('main');
    expect(windowKey('fleet://app/#/history?o=3')).toBe('main');
    expect(windowKey('fleet://app/#/panel/events')).toBe('panel/events');
    expect(windowKey('fleet://app/#/panel/objects')).toBe('panel/objects');
    expect(windowKey('fleet://app/#/admin')).toBe('admin');
    expect(windowKey('not a url')).toBe('main');
  });

  it('reopens a window where it was, on its display, maximised if it was', () => {
    const saved = { bounds: { x: 2100, y: 100, width: 1200, height: 800 }, maximized: true, fullScreen: false, displayId: 2 };
    expect(placeWindow(saved, [left, right])).toEqual({ bounds: saved.bounds, maximized: true, fullScreen: false, displayId: 2 });
  });

  it('moves a window whose monitor is gone onto a connected one, whole', () => {
    const saved = { bounds: { x: 2100, y: 100, width: 1200, height: 800 }, maximized: false, fullScreen: false, displayId: 2 };
    const p = placeWindow(saved, [left]);
    expect(p.displayId).toBe(1);
    expect(inside(p.bounds!, left.workArea)).toBe(true);
    expect(p.bounds).toMatchObject({ width: 1200, height: 800 });
  });

  it('keeps a window half off its display inside it, and shrinks one bigger than the display', () => {
    const half = placeWindow({ bounds: { x: 1500, y: -200, width: 1000, height: 600 }, maximized: false, fullScreen: false, displayId: 1 }, [left]);
    expect(half.bounds).toEqual({ x: 920, y: 0, width: 1000, height: 600 });
    const big = placeWindow({ bounds: { x: 0, y: 0, width: 4000, height: 3000 }, maximized: false, fullScreen: false, displayId: 1 }, [left]);
    expect(big.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
  });

  it('opens with the defaults when nothing (or nothing readable) was saved', () => {
    expect(placeWindow(null, [left])).toEqual({ maximized: false, fullScreen: false });
    expect(readWindowState({ bounds: { x: 0, y: 0, width: -5, height: 10 }, maximized: false, displayId: 1 })).toBeNull();
    expect(readWindowState('garbage')).toBeNull();
    expect(readWindowState({ bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: false, displayId: 1 })).toMatchObject({ fullScreen: false });
  });

  it('always lands inside a connected display, whatever was saved and however the displays are arranged', () => {
    const rect = fc.record({ x: fc.integer({ min: -10_000, max: 10_000 }), y: fc.integer({ min: -10_000, max: 10_000 }), width: fc.integer({ min: 1, max: 8000 }), height: fc.integer({ min: 1, max: 5000 }) });
    const area = fc.record({ x: fc.integer({ min: -5000, max: 5000 }), y: fc.integer({ min: -5000, max: 5000 }), width: fc.integer({ min: 640, max: 5000 }), height: fc.integer({ min: 480, max: 3000 }) });
    fc.assert(
      fc.property(rect, fc.array(area, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 5 }), (bounds, areas, displayId) => {
        const displays = areas.map((workArea, id) => ({ id, workArea }));
        const p = placeWindow({ bounds, maximized: false, fullScreen: false, displayId }, displays);
        const d = displays.find((x) => x.id === p.displayId)!;
        expect(inside(p.bounds!, d.workArea)).toBe(true);
        expect(p.bounds!.width).toBeGreaterThanOrEqual(Math.min(MIN_SIZE.width, d.workArea.width));
      }),
    );
    expect(clampInto({ x: 10, y: 10, width: 100, height: 100 }, left.workArea)).toEqual({ x: 10, y: 10, ...MIN_SIZE });
  });
});
