/**
 * The status copy's daily stats keep each object's latest days only: a console running for
 * months compares a poll with today and yesterday, not with every day it has seen.
 */
import { describe, expect, it } from 'vitest';
import { LastStats, STAT_DAYS_KEPT } from '../../../main/core/cache/last-stats';

const json = (day: number, length = day) => JSON.stringify({ ObjectId: 7, Day: day, Length: length });

describe('LastStats', () => {
  it('keeps the latest days of each object, whatever order they come in', () => {
    const s = new LastStats();
    for (const day of [3, 1, 5, 2, 4]) s.set(7, day, json(day));
    expect(STAT_DAYS_KEPT).toBe(2);
    expect([1, 2, 3, 4, 5].filter((day) => s.same(7, json(day)))).toEqual([4, 5]);
    s.set(7, 5, json(5, 99));
    expect([s.same(7, json(5)), s.same(7, json(5, 99)), s.same(7, json(4))]).toEqual([false, true, true]);
    // A day older than both kept does not push out a newer one.
    s.set(7, 1, json(1));
    expect([s.same(7, json(5, 99)), s.same(7, json(4)), s.same(7, json(1))]).toEqual([true, true, false]);
    // A new day moves the latest to the one before.
    s.set(7, 6, json(6));
    expect([4, 5, 6].map((day) => s.same(7, json(day, day === 5 ? 99 : day)))).toEqual([false, true, true]);
  });

  it('holds objects apart and forgets one deleted', () => {
    const s = new LastStats();
    s.set(1, 10, 'a');
    s.set(2, 10, 'b');
    expect([s.same(1, 'b'), s.same(2, 'b')]).toEqual([false, true]);
    s.delete(2);
    expect([...s.objectIds()]).toEqual([1]);
    expect(s.same(2, 'b')).toBe(false);
  });
});
