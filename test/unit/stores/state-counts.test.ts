import { describe, expect, it } from 'vitest';
import { FleetStore } from '../../../renderer/src/stores/fleet-store';
import { countStates } from '../../../renderer/src/stores/state-counts';

describe('the legend’s counts', () => {
  it('count every object, or only those the map shows', () => {
    const s = new FleetStore();
    s.setObjects([1, 2, 3, 4].map((Id) => ({ Id, Name: `O${Id}` })), 10);
    const now = Date.now();
    s.applyColumns(
      {
        ids: Int32Array.from([1, 2, 3]),
        lat: Float64Array.from([50, 50, 50]),
        lng: Float64Array.from([10, 10, 10]),
        time: Float64Array.from([now, now, now]),
        speed: Float32Array.from([40, 0, 0]),
        heading: Float32Array.from([0, 0, 0]),
        online: Uint8Array.from([1, 1, 1]),
        ignition: Uint8Array.from([0, 0, 0]),
      },
      now,
      true,
    );
    const all = countStates(s);
    expect(all.moving).toBe(1);
    expect(all.parked).toBe(2);
    expect(Object.values(all).reduce((a, b) => a + b, 0)).toBe(4);
    const only = countStates(s, new Set([1, 4]));
    expect(only.moving).toBe(1);
    expect(only.parked).toBe(0);
    expect(Object.values(only).reduce((a, b) => a + b, 0)).toBe(2);
  });
});
