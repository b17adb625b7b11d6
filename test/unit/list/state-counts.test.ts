import { describe, expect, it } from 'vitest';
import { Ignition, type ObjectSummary } from '../../../common/methods/live';
import { ObjectStatusCode } from '../../../common/resources';
import { FleetStore } from '../../../renderer/src/stores/fleet-store';
import { countStates } from '../../../renderer/src/stores/state-counts';

const obj = (Id: number, Status: number = ObjectStatusCode.active) => ({ Id, Name: `O${Id}`, Status }) as ObjectSummary;

describe('countStates', () => {
  it('counts every listed object once, by the state its dot is drawn in', () => {
    const store = new FleetStore();
    store.setObjects([obj(1), obj(2), obj(3), obj(4), obj(5, ObjectStatusCode.blocked), obj(6)], 1);
    // 1 moving, 2 idle (ignition on, standing), 3 parked, 4 offline; 5 blocked; 6 has no position.
    store.applyColumns(
      {
        ids: Int32Array.from([1, 2, 3, 4, 5]),
        lat: new Float64Array(5).fill(50),
        lng: new Float64Array(5).fill(10),
        time: new Float64Array(5).fill(1000),
        speed: Float32Array.from([60, 0, 0, 0, 0]),
        heading: new Float32Array(5),
        online: Uint8Array.from([1, 1, 1, 0, 1]),
        ignition: Uint8Array.from([Ignition.on, Ignition.on, Ignition.off, Ignition.on, Ignition.unknown]),
      },
      1,
    );
    expect(countStates(store)).toMatchObject({ moving: 1, idle: 1, parked: 1, offline: 1, blocked: 1, never: 1 });
    // Only what the map shows (the list's filter): the others are not counted.
    const only = countStates(store, new Set([1, 3, 6]));
    expect(only).toMatchObject({ moving: 1, idle: 0, parked: 1, offline: 0, blocked: 0, never: 1 });
    expect(Object.values(only).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('follows the slots as positions come, a snapshot replaces them, and the list changes', () => {
    const store = new FleetStore();
    const cols = (ids: number[], speed: number[]) => ({
      ids: Int32Array.from(ids),
      lat: new Float64Array(ids.length).fill(50),
      lng: new Float64Array(ids.length).fill(10),
      time: new Float64Array(ids.length).fill(1000),
      speed: Float32Array.from(speed),
      heading: new Float32Array(ids.length),
      online: new Uint8Array(ids.length).fill(1),
      ignition: new Uint8Array(ids.length).fill(Ignition.off),
    });
    store.setObjects([obj(1), obj(2), obj(3)], 1);
    expect(countStates(store)).toMatchObject({ never: 3, moving: 0 });
    store.applyColumns(cols([2], [60]), 1);
    expect(countStates(store)).toMatchObject({ never: 2, moving: 1 });
    // Same number of slots, other objects in them.
    store.applyColumns(cols([3], [0]), 2, true);
    expect(countStates(store)).toMatchObject({ never: 2, moving: 0, parked: 1 });
    expect(countStates(store, new Set([3]))).toMatchObject({ parked: 1, never: 0 });
    store.setObjects([obj(3), obj(4)], 3);
    expect(countStates(store)).toMatchObject({ never: 1, moving: 0, parked: 1 });
  });
});
