/**
 * The status copy's daily stats keep each object's latest days only: a console running for
 * months compares a poll with today and yesterday, not with every day it has seen.
 */
import { describe, expect, it } from 'vitest';
import { LastStats, STAT_DAYS_KEPT } from '../../../main/core/cache/last-stats';

describe('LastStats', () => {
  it('keeps the latest days of each object, whatever order they come in', () => {
    const s = new LastStats();
    for (const day of [3, 1, 5, 2, 4]) s.set(7, day, `d${day}`);
    expect(STAT_DAYS_KEPT).toBe(2);
    expect([1, 2, 3, 4, 5].filter((day) => s.same(7, day, `d${day}`))).toEqual([4, 5]);
    s.set(7, 5, 'changed');
    expect([s.same(7, 5, 'd5'), s.same(7, 5, 'changed'), s.same(7, 4, 'd4')]).toEqual([false, true, true]);
    // A day older than both kept does not push out a newer one.
    s.set(7, 1, 'd1');
    expect([s.same(7, 5, 'changed'), s.same(7, 4, 'd4')]).toEqual([true, true]);
  });

  it('holds objects apart and forgets one deleted', () => {
    const s = new LastStats();
    s.set(1, 10, 'a');
    s.set(2, 10, 'b');
    expect([s.same(1, 10, 'b'), s.same(2, 10, 'b')]).toEqual([false, true]);
    s.delete(2);
    expect([...s.objectIds()]).toEqual([1]);
    expect(s.same(2, 10, 'b')).toBe(false);
  });
});
