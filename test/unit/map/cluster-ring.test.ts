import { describe, expect, it } from 'vitest';
import { RING_SEGMENTS, RING_STATES, packRing, ringStateIndex, unpackRing } from '../../../renderer/src/map/cluster-ring';
import type { ObjectState } from '../../../renderer/src/stores/object-state';

function counts(by: Partial<Record<ObjectState, number>>): Record<number, number> {
  const c: Record<number, number> = {};
  RING_STATES.forEach((s, i) => (c[i] = by[s] ?? 0));
  return c;
}

function segments(code: number): Partial<Record<ObjectState, number>> {
  const out: Partial<Record<ObjectState, number>> = {};
  unpackRing(code).forEach((n, i) => n && (out[RING_STATES[i]!] = n));
  return out;
}

describe("a cluster's ring of states", () => {
  it('gives each state its share of the segments, summing to the whole ring', () => {
    expect(segments(packRing(counts({ moving: 50, parked: 25, offline: 25 })))).toEqual({ moving: 12, parked: 6, offline: 6 });
    expect(segments(packRing(counts({ parked: 7 })))).toEqual({ parked: RING_SEGMENTS });
    const odd = unpackRing(packRing(counts({ moving: 1, idle: 1, parked: 1 })));
    expect(odd.reduce((a, b) => a + b, 0)).toBe(RING_SEGMENTS);
  });

  it('never rounds away a blocked or broken vehicle, however many others there are', () => {
    const s = segments(packRing(counts({ parked: 900, blocked: 1, broken: 1, moving: 300 })));
    expect(s.blocked).toBe(1);
    expect(s.broken).toBe(1);
    expect(Object.values(s).reduce((a, b) => a + b, 0)).toBe(RING_SEGMENTS);
  });

  it('packs into one exact number: the same counts give the same sprite key', () => {
    const a = packRing(counts({ moving: 3, service: 2, inactive: 9 }));
    expect(Number.isSafeInteger(a)).toBe(true);
    expect(packRing(counts({ moving: 3, service: 2, inactive: 9 }))).toBe(a);
    expect(packRing(counts({}))).toBe(0);
    expect(ringStateIndex('blocked')).toBe(RING_STATES.indexOf('blocked'));
  });
});
