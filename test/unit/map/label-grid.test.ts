import { describe, expect, it } from 'vitest';
import { LabelGrid, LabelWidths } from '../../../renderer/src/map/label-layout';

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

