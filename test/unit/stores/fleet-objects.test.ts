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
