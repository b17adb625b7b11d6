import { describe, expect, it } from 'vitest';
import { emptyTrackColumns } from '../../../main/core/cache';
import { ColumnPool } from '../../../main/core/history/column-pool';
import { parseHistoryBody } from '../../../main/core/history';

const body = (times: number[]) =>
  new TextEncoder().encode(JSON.stringify({ Track: { Intervals: [{ From: 0, Till: 9, Positions: times.map((t) => ({ Lat: 50 + t, Lng: 14, Time: t })) }] } }));

describe('the writer’s column pool', () => {
  it('lends the same buffers again once a parse’s columns are given back, and never while they are out', () => {
    const pool = new ColumnPool();
    const first = parseHistoryBody(body([1, 2, 3]), { columns: pool.take });
    const second = parseHistoryBody(body([4, 5]), { columns: pool.take });
    // Both out at once: two sets.
    expect(second.track.time.buffer).not.toBe(first.track.time.buffer);
    pool.giveBack(first.track);
    const third = parseHistoryBody(body([6, 7, 8, 9]), { columns: pool.take });
    expect(third.track.time.buffer).toBe(first.track.time.buffer);
    expect(third.track.lat.buffer).toBe(first.track.lat.buffer);
    expect(Array.from(third.track.time)).toEqual([6, 7, 8, 9]);
    expect(Array.from(third.track.lat)).toEqual([56, 57, 58, 59]);
  });

  it('keeps two idle sets at most, the largest, and only whole buffers of one size', () => {
    const pool = new ColumnPool();
    for (const n of [10, 30, 20]) pool.giveBack(emptyTrackColumns(n));
    expect(pool.idleCount).toBe(2);
    expect(pool.take(25).time.length).toBe(30);
    expect(pool.take(15).time.length).toBe(20);
    expect(pool.take(8).time.length).toBe(10); // none idle: fresh, with a quarter more room
    // A view at an offset, or columns of different sizes, are not the pool's to keep.
    const shifted = emptyTrackColumns(8);
    shifted.time = new Float64Array(shifted.time.buffer, 8, 4);
    pool.giveBack(shifted);
    const mixed = { ...emptyTrackColumns(8), sat: new Uint8Array(9) };
    pool.giveBack(mixed);
    expect(pool.idleCount).toBe(0);
  });
});
