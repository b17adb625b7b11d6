import { describe, expect, it } from 'vitest';
import { FrameLabels, LabelGrid, LabelWidths } from '../../../renderer/src/map/label-layout';

describe('label placement grid', () => {
  it('takes a free box, refuses one that overlaps it, and takes one beside it', () => {
    const g = new LabelGrid(400, 300);
    expect(g.place(100, 100, 60, 16)).toBe(true);
    // Same place, a few pixels off: overlaps.
    expect(g.place(110, 105, 60, 16)).toBe(false);
    // Below, clear of the first box's cells.
    expect(g.place(100, 120, 60, 16)).toBe(true);
    // To the right, clear of it.
    expect(g.place(168, 100, 40, 16)).toBe(true);
  });

  it('treats parts outside the frame as free, and keeps what is inside', () => {
    const g = new LabelGrid(200, 100);
    expect(g.place(-50, -10, 60, 16)).toBe(true);
    expect(g.place(0, 0, 8, 6)).toBe(false);
    expect(g.place(500, 500, 60, 16)).toBe(true);
    expect(g.place(190, 90, 60, 16)).toBe(true);
    expect(g.place(195, 95, 10, 10)).toBe(false);
  });
});

describe('label placement grid: a taken left edge', () => {
  it('says no width fits where the left edge is taken, and agrees with placing the narrowest box everywhere', () => {
    const g = new LabelGrid(200, 120);
    g.place(40, 40, 60, 16);
    g.place(120, 80, 30, 16);
    expect(g.edgeFree(50, 45, 16)).toBe(false);
    expect(g.edgeFree(20, 45, 16)).toBe(true);
    // Outside the frame counts as free, as for placing.
    expect(g.edgeFree(-30, 45, 16)).toBe(true);
    for (let x = -20; x < 220; x += 3) {
      for (let y = -20; y < 140; y += 5) {
        // A copy taken the same way: placing a box takes its cells.
        const probe = new LabelGrid(200, 120);
        probe.place(40, 40, 60, 16);
        probe.place(120, 80, 30, 16);
        expect(g.edgeFree(x, y, 16), `${x},${y}`).toBe(probe.place(x, y, 1, 16));
      }
    }
  });
});

describe('label widths', () => {
  it('measures each name once per font, and again after the font changes', () => {
    const measured: string[] = [];
    const ctx = { font: '12px a', measureText: (t: string) => (measured.push(t), { width: t.length * 7 }) };
    // A stopped clock: the frame budget is another test's subject, and a busy machine must not spend it here.
    const widths = new LabelWidths(() => 0);
    widths.begin(ctx);
    expect(widths.width(ctx, 'Van 1')).toBe(35);
    expect(widths.width(ctx, 'Van 1')).toBe(35);
    expect(widths.width(ctx, 'Truck 22')).toBe(56);
    expect(measured).toEqual(['Van 1', 'Truck 22']);
    ctx.font = '14px a';
    widths.begin(ctx);
    widths.width(ctx, 'Van 1');
    expect(measured).toEqual(['Van 1', 'Truck 22', 'Van 1']);
  });

  it('measures for a frame’s budget only: the rest wait for the next frame, and the selected name never waits', () => {
    let now = 0;
    const measured: string[] = [];
    // Each measure takes 1.5 ms of this clock: the 4 ms budget holds three.
    const ctx = { font: '12px a', measureText: (t: string) => (measured.push(t), (now += 1.5), { width: t.length * 7 }) };
    const widths = new LabelWidths(() => now);
    widths.begin(ctx);
    const names = ['A', 'B', 'C', 'D', 'E'];
    const got = names.map((n) => widths.width(ctx, n));
    expect(got).toEqual([7, 7, 7, undefined, undefined]);
    expect(widths.missed).toBe(2);
    expect(widths.width(ctx, 'Selected', true)).toBe(56);
    widths.begin(ctx);
    expect(widths.missed).toBe(0);
    expect(names.map((n) => widths.width(ctx, n))).toEqual([7, 7, 7, 7, 7]);
    expect(measured).toEqual(['A', 'B', 'C', 'Selected', 'D', 'E']);
  });

  it('measures names ahead in idle periods, resuming where the last one stopped', () => {
    const measured: string[] = [];
    const ctx = { font: '12px a', measureText: (t: string) => (measured.push(t), { width: t.length * 7 }) };
    const widths = new LabelWidths(() => 0);
    const names = ['Van 1', 'Van 2', 'Van 1', 'Bus 3'][Symbol.iterator]();
    // An idle period with time for two names, then one with plenty.
    let left = 3;
    expect(widths.warm(ctx, names, () => left--)).toBe(false);
    expect(measured).toEqual(['Van 1', 'Van 2']);
    expect(widths.warm(ctx, names, () => 50)).toBe(true);
    expect(measured).toEqual(['Van 1', 'Van 2', 'Bus 3']);
    // Known now: a frame measures nothing, whatever its budget.
    widths.begin(ctx);
    expect(widths.width(ctx, 'Bus 3')).toBe(35);
    expect(measured).toHaveLength(3);
  });
});

describe('one frame’s names', () => {
  it('leaves the names not measured in time waiting, adds them on the next frame in the same grid, and never measures a name whose place is taken', () => {
    let now = 0;
    const measured: string[] = [];
    const drawn: string[] = [];
    // Each measure takes 1.5 ms of this clock: a frame's 4 ms hold three.
    const ctx = {
      font: '12px a',
      measureText: (t: string) => (measured.push(t), (now += 1.5), { width: t.length * 7 }),
      strokeText: () => {},
      fillText: (t: string) => drawn.push(t),
    };
    const widths = new LabelWidths(() => now);
    widths.begin(ctx);
    const labels = new FrameLabels(widths, 400, 300);
    const places: [string, number, number][] = [
      ['Van 1', 10, 20],
      ['Van 2', 10, 60],
      ['Van 3', 10, 100],
      ['Van 4', 10, 140],
      // Where Van 1's box is: its left edge is taken, so it is never measured.
      ['Under', 20, 22],
      ['Van 5', 10, 180],
    ];
    const first = places.map(([n, x, y]) => labels.draw(ctx, n, x, y));
    expect(first).toEqual([true, true, true, false, false, false]);
    expect(labels.waiting).toBe(2);
    expect(drawn).toEqual(['Van 1', 'Van 2', 'Van 3']);
    widths.begin(ctx);
    expect(labels.drawWaiting(ctx)).toBe(2);
    expect(labels.waiting).toBe(0);
    expect(drawn).toEqual(['Van 1', 'Van 2', 'Van 3', 'Van 4', 'Van 5']);
    expect(measured).not.toContain('Under');
    // The grid is the first frame's: a waiting name whose place was taken meanwhile is not drawn.
    const again = new FrameLabels(widths, 400, 300);
    widths.begin(ctx);
    // Past this frame's time: the unknown name waits, and a known one then takes its place.
    now += 5;
    expect(again.draw(ctx, 'New', 50, 50)).toBe(false);
    expect(again.draw(ctx, 'Van 1', 46, 50)).toBe(true);
    widths.begin(ctx);
    expect(again.drawWaiting(ctx)).toBe(0);
    expect(again.waiting).toBe(0);
    expect(measured).not.toContain('New');
  });
});
