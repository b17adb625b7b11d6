import { describe, expect, it } from 'vitest';
import { FleetStore } from '../../../renderer/src/stores/fleet-store';

const obj = (Id: number, Name: string, Status?: number) => ({ Id, Name, ...(Status !== undefined ? { Status } : {}) });
const cols = (ids: number[]) => ({
  ids: Int32Array.from(ids),
  lat: Float64Array.from(ids, () => 55),
  lng: Float64Array.from(ids, () => 37),
  time: Float64Array.from(ids, () => 1000),
  speed: Float32Array.from(ids, () => 0),
  heading: Float32Array.from(ids, () => 0),
  online: Uint8Array.from(ids, () => 1),
  ignition: Uint8Array.from(ids, () => 0),
});

describe('fleet store: a refresh of the object list as a delta', () => {
  it('replaces changed objects where they were, appends new ones, drops removed ones, and recolours by status', () => {
    const s = new FleetStore();
    s.setObjects([obj(1, 'A'), obj(2, 'B'), obj(3, 'C', 0)], 10);
    s.applyColumns(cols([1, 2, 3]), 10, true);
    const v = s.version;
    s.applyObjects([obj(2, 'B renamed', 3), obj(9, 'New')], [1], 20);
    expect(s.objects.map((o) => o.Name)).toEqual(['B renamed', 'C', 'New']);
    expect(s.objectsById.get(1)).toBeUndefined();
    expect(s.objectsById.get(2)?.Name).toBe('B renamed');
    expect(s.objectsFetchedAt).toBe(20);
    expect(s.positions.status[s.slot(2)!]).toBe(3);
    expect(s.version).toBeGreaterThan(v);
  });
});

describe('fleet store: positions projected for the map', () => {
  it('projects a new or moved position, and keeps a parked one’s projection while its time moves on', () => {
    const s = new FleetStore();
    s.setObjects([obj(1, 'A'), obj(2, 'B')], 10);
    const first = cols([1, 2]);
    first.lat[1] = 0;
    first.lng[1] = 0;
    s.applyColumns(first, 10, true);
    const at = (id: number) => [s.positions.mx[s.slot(id)!], s.positions.my[s.slot(id)!]];
    expect(at(1)).toEqual([(37 + 180) / 360, expect.closeTo(0.3, 1)]);
    // Null Island is a place too: projected, not left at the empty arrays' zeros.
    expect(at(2)).toEqual([0.5, 0.5]);
    const parked = at(1);
    const next = cols([1, 2]);
    next.time.fill(2000);
    next.lat[1] = 10;
    s.applyColumns(next, 20);
    expect(at(1)).toEqual(parked);
    expect(s.position(1)?.time).toBe(2000);
    expect(at(2)[0]).toBe((37 + 180) / 360);
    expect(at(2)[1]).toBeLessThan(0.5);
  });
});

describe('fleet store: deltas in any order', () => {
  it('finds each object’s slot whether the delta follows the store’s order, skips objects, reverses it or brings new ones between known ones', () => {
    const s = new FleetStore();
    s.applyColumns(cols([10, 20, 30, 40, 50]), 10, true);
    const timed = (ids: number[], t: number) => {
      const c = cols(ids);
      c.time.forEach((_, i) => (c.time[i] = t + ids[i]!));
      return c;
    };
    const times = () => Object.fromEntries([...s.positions.ids.subarray(0, s.positions.count)].map((id) => [id, s.position(id)?.time]));
    s.applyColumns(timed([10, 20, 30, 40, 50], 2000), 20);
    expect(times()).toEqual({ 10: 2010, 20: 2020, 30: 2030, 40: 2040, 50: 2050 });
    s.applyColumns(timed([20, 50], 3000), 30);
    s.applyColumns(timed([40, 30, 10], 4000), 40);
    expect(times()).toEqual({ 10: 4010, 20: 3020, 30: 4030, 40: 4040, 50: 3050 });
    // New ids between known ones are appended, each once; the known ones after them still land in their own slots.
    s.applyColumns(timed([10, 15, 20, 25, 30, 15], 5000), 50);
    expect([...s.positions.ids.subarray(0, s.positions.count)]).toEqual([10, 20, 30, 40, 50, 15, 25]);
    expect(times()).toEqual({ 10: 5010, 15: 5015, 20: 5020, 25: 5025, 30: 5030, 40: 4040, 50: 3050 });
    expect(s.slot(15)).toBe(5);
    expect(s.slot(25)).toBe(6);
  });
});

describe('fleet store: each slot’s status and each listed object’s slot', () => {
  it('takes statuses from the list whichever comes first, 255 for a position no listed object has, -1 for an object with no position', () => {
    const s = new FleetStore();
    // Positions first (a warm start's order can be either): nothing is listed yet.
    s.applyColumns(cols([7, 3, 5]), 10, true);
    expect([...s.positions.status.subarray(0, 3)]).toEqual([255, 255, 255]);
    s.setObjects([obj(3, 'C', 2), obj(4, 'D', 1), obj(7, 'G')], 10);
    // Object 7 has no Status field: the "no status" mark, as for an unlisted one.
    expect([s.positions.status[s.slot(3)!], s.positions.status[s.slot(5)!], s.positions.status[s.slot(7)!]]).toEqual([2, 255, 255]);
    expect([...s.objectSlots()]).toEqual([s.slot(3), -1, s.slot(7)]);
    // A snapshot that replaces the slots reads the list again; a new object in a delta too.
    s.applyColumns(cols([4, 3]), 20, true);
    expect([s.slot(4), s.slot(3), s.slot(5), s.slot(7)]).toEqual([0, 1, undefined, undefined]);
    expect([...s.positions.status.subarray(0, 2)]).toEqual([1, 2]);
    expect([...s.objectSlots()]).toEqual([1, 0, -1]);
    s.setObjects([...s.objects, obj(9, 'I', 4)], 30);
    s.applyColumns(cols([9]), 30);
    expect(s.positions.status[s.slot(9)!]).toBe(4);
    expect(s.position(5)).toBeUndefined();
    expect(s.position(9)?.time).toBe(1000);
  });
});
