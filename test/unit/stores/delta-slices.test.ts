import { describe, expect, it } from 'vitest';
import type { PositionColumns, StatusDelta } from '../../../common/methods/live';
import { FleetStore } from '../../../renderer/src/stores/fleet-store';
import { deltaSlices } from '../../../renderer/src/stores/delta-slices';

/** A delta of the given ids, each at a latitude of its own. */
function delta(ids: number[], fetchedAt = 1000): StatusDelta {
  const n = ids.length;
  return {
    ids: Int32Array.from(ids),
    lat: Float64Array.from(ids, (id) => 40 + id / 1000),
    lng: new Float64Array(n).fill(10),
    time: new Float64Array(n).fill(fetchedAt),
    speed: new Float32Array(n),
    heading: new Float32Array(n),
    online: new Uint8Array(n).fill(1),
    ignition: new Uint8Array(n),
    fetchedAt,
  };
}
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** Tasks run when the test says, one at a time. */
function tasks() {
  const queue: (() => void)[] = [];
  return { later: (f: () => void) => void queue.push(f), run: () => queue.shift()?.(), get size() { return queue.length; } };
}

describe('deltaSlices', () => {
  it('applies a big delta a slice per task, the last slice marked, and a small one at once and whole', () => {
    const t = tasks();
    const seen: { ids: number[]; last: boolean }[] = [];
    const push = deltaSlices<StatusDelta>((slice, _d, last) => void seen.push({ ids: Array.from(slice.ids), last }), { rows: 10, later: t.later });
    push(delta(range(1, 25)));
    expect(seen).toEqual([{ ids: range(1, 10), last: false }]);
    t.run();
    t.run();
    expect(seen.map((s) => s.ids.length)).toEqual([10, 10, 5]);
    expect(seen.map((s) => s.last)).toEqual([false, false, true]);
    expect(seen.flatMap((s) => s.ids)).toEqual(range(1, 25));
    expect(t.size).toBe(0);

    const small = delta(range(100, 4));
    let got: PositionColumns | null = null;
    deltaSlices<StatusDelta>((slice) => void (got = slice), { rows: 10, later: t.later })(small);
    expect(got).toBe(small);
  });

  it('keeps a delta that comes meanwhile behind the one being applied', () => {
    const t = tasks();
    const order: number[] = [];
    const push = deltaSlices<StatusDelta>((slice) => void order.push(...slice.ids), { rows: 10, later: t.later });
    push(delta(range(1, 15)));
    push(delta(range(500, 3)));
    expect(order).toEqual(range(1, 10));
    while (t.size) t.run();
    expect(order).toEqual([...range(1, 15), ...range(500, 3)]);
  });

  it('leaves the store with every position, and tells its listeners once a delta is in', () => {
    const t = tasks();
    const store = new FleetStore();
    const versions: number[] = [];
    store.subscribe(() => versions.push(store.version));
    const push = deltaSlices<StatusDelta>((slice, d, last) => store.applyColumns(slice, d.fetchedAt, false, last), { rows: 10, later: t.later });
    push(delta(range(1, 30), 5000));
    expect(versions).toEqual([]);
    expect(store.positionsFetchedAt).toBeNull();
    while (t.size) t.run();
    expect(versions).toHaveLength(1);
    expect(store.positionsFetchedAt).toBe(5000);
    expect(store.positions.count).toBe(30);
    expect(store.position(17)?.lat).toBeCloseTo(40.017);
  });
});
