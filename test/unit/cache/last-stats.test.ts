/**
 * The status copy's daily stats keep each object's latest days only: a console running for
 * months compares a poll with today and yesterday, not with every day it has seen.
 */
import { describe, expect, it } from 'vitest';
import { digest, LastStats, STAT_DAYS_KEPT } from '../../../main/core/cache/last-stats';

/** A day's stat as the copy is given it: the digest of its JSON. */
const json = (day: number, length = day) => digest(JSON.stringify({ ObjectId: 7, Day: day, Length: length }));

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
    s.set(1, 10, digest('a'));
    s.set(2, 10, digest('b'));
    expect([s.same(1, digest('b')), s.same(2, digest('b'))]).toEqual([false, true]);
    s.delete(2);
    expect([...s.objectIds()]).toEqual([1]);
    expect(s.same(2, digest('b'))).toBe(false);
  });
  it('tells texts apart by their digest, one character or one place apart', () => {
    const base = JSON.stringify({ ObjectId: 7, Day: 1795820400000, Length: 596.67, MoveTime: 71836, Fuel: 150.3 });
    const variants = [base, base.replace('596.67', '596.68'), base.replace('596.67', '569.67'), base.replace('Fuel', 'fuel'), `${base} `, base.replace('ž', 'z'), 'Dodávka — Plzeň 🚚'];
    const digests = variants.map(digest);
    expect(new Set(digests).size).toBe(new Set(variants).size);
    expect(digests.every((d) => Number.isSafeInteger(d) && d >= 0)).toBe(true);
    expect(digest(base)).toBe(digest(`${base}`));
  });
});
