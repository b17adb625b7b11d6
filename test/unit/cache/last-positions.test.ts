/**
 * The status copy's positions in columns: each object's row reads back as it was set, missing
 * numbers included, and removing one leaves the others as they were.
 */
import { describe, expect, it } from 'vitest';
import { LastPositions } from '../../../main/core/cache/last-positions';
import type { PosRow } from '../../../main/core/cache/status-rows';

const row = (id: number, over: Partial<PosRow> = {}): PosRow => ({
  object_id: id,
  online: 1,
  lat: 50 + id / 1000,
  lng: 14.25,
  alt: 230,
  time: 1_718_000_000_000 + id,
  speed: 42.5,
  heading: 270,
  sat: 11,
  accuracy: 3.5,
  ...over,
});

/** Every held row, in ascending object id order. */
const sorted = (p: LastPositions) => [...p.objectIds()].sort((a, b) => a - b).map((id) => p.get(id));

describe('LastPositions', () => {
  it('reads back what was set, missing numbers as null, and holds a row only if every field is the same', () => {
    const p = new LastPositions();
    const sparse = row(2, { alt: null, speed: null, heading: null, sat: null, accuracy: null, online: 0 });
    for (let id = 1; id <= 3000; id++) p.set(id === 2 ? sparse : row(id));
    expect(p.size).toBe(3000);
    expect(p.get(2)).toEqual(sparse);
    expect(p.get(2999)).toEqual(row(2999));
    expect(p.get(3001)).toBeUndefined();
    expect([p.holds(row(1)), p.holds(sparse), p.holds(row(3001))]).toEqual([true, true, false]);
    for (const change of [{ lat: 51 }, { time: 1 }, { online: 0 }, { speed: 0 }, { speed: null }, { alt: null }, { sat: 12 }, { accuracy: null }, { heading: 0 }])
      expect(p.holds(row(1, change)), JSON.stringify(change)).toBe(false);
    expect(p.holds({ ...sparse, speed: 0 })).toBe(false);
    p.set(row(1, { lat: 49 }));
    expect(p.get(1)!.lat).toBe(49);
    expect(p.size).toBe(3000);
  });

  it('removes an object, the others unchanged, and lists them in id order', () => {
    const p = new LastPositions();
    for (const id of [5, 3, 9, 1, 7]) p.set(row(id));
    p.delete(3);
    p.delete(42);
    expect(p.get(3)).toBeUndefined();
    expect(sorted(p)).toEqual([1, 5, 7, 9].map((id) => row(id)));
    p.delete(7);
    p.set(row(3, { speed: null }));
    expect(sorted(p)).toEqual([row(1), row(3, { speed: null }), row(5), row(9)]);
    expect([...p.objectIds()].sort((a, b) => a - b)).toEqual([1, 3, 5, 9]);
  });

  it('gives the positions asked for as columns, in the order asked, a missing speed or heading as NaN', () => {
    const p = new LastPositions();
    for (const id of [4, 2, 8]) p.set(row(id, id === 8 ? { speed: null, heading: null, online: 0 } : {}));
    const c = p.columns([8, 2], (id) => (id === 8 ? 1 : 0));
    expect([...c.ids]).toEqual([8, 2]);
    expect([...c.lat]).toEqual([row(8).lat, row(2).lat]);
    expect([...c.time]).toEqual([row(8).time, row(2).time]);
    expect([...c.speed]).toEqual([NaN, 42.5]);
    expect([...c.heading]).toEqual([NaN, 270]);
    expect([...c.online]).toEqual([0, 1]);
    expect([...c.ignition]).toEqual([1, 0]);
  });
});
