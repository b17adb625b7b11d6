import { describe, expect, it } from 'vitest';
import type { FleetObject } from '../../../common/resources';
import type { RowFacts } from '../../../renderer/src/list/columns';
import { filterRows, groupCounts, idsBetween, inNameOrder, listedRanks, nameOrderBreak, nameRanks, sortRows } from '../../../renderer/src/list/list-model';
import { parsePrefs, DEFAULT_PREFS } from '../../../renderer/src/list/prefs';

const obj = (Id: number, Name: string, extra: Partial<FleetObject> = {}): FleetObject => ({ Id, Name, ...extra });
const rows: RowFacts[] = [
  { o: obj(1, 'Truck 10', { StateNumber: 'B-AA 1', IMEI: '351111', GroupIds: [1] }), state: 'moving', speed: 80, time: 3000 },
  { o: obj(2, 'Truck 2', { StateNumber: 'M-XY 22', IMEI: '352222', GroupIds: [1, 2] }), state: 'parked', speed: 0, time: 5000 },
  { o: obj(3, 'Van 1', { IMEI: '353333', GroupIds: [2] }), state: 'never', speed: Number.NaN, time: 0 },
  { o: obj(4, 'van 0'), state: 'moving', speed: 80, time: 4000 },
];
const none = new Set<never>();

describe('filterRows', () => {
  it('searches name, plate and IMEI, case-insensitively', () => {
    expect(filterRows(rows, { query: 'van', groupId: null, states: none }).map((r) => r.o.Id)).toEqual([3, 4]);
    expect(filterRows(rows, { query: 'm-xy', groupId: null, states: none }).map((r) => r.o.Id)).toEqual([2]);
    expect(filterRows(rows, { query: '3533', groupId: null, states: none }).map((r) => r.o.Id)).toEqual([3]);
  });
  it('filters by state and by group, combined with the search', () => {
    expect(filterRows(rows, { query: '', groupId: null, states: new Set(['moving']) }).map((r) => r.o.Id)).toEqual([1, 4]);
    expect(filterRows(rows, { query: '', groupId: 2, states: none }).map((r) => r.o.Id)).toEqual([2, 3]);
    expect(filterRows(rows, { query: 'truck', groupId: 2, states: new Set(['parked']) }).map((r) => r.o.Id)).toEqual([2]);
  });
});

describe('sortRows', () => {
  it('sorts names naturally (Truck 2 before Truck 10) and both ways', () => {
    expect(sortRows(rows, { key: 'name', dir: 'asc' }).map((r) => r.o.Name)).toEqual(['Truck 2', 'Truck 10', 'van 0', 'Van 1']);
    expect(sortRows(rows, { key: 'name', dir: 'desc' }).map((r) => r.o.Name)).toEqual(['Van 1', 'van 0', 'Truck 10', 'Truck 2']);
  });
  it('gives the same order with precomputed name ranks', () => {
    const ranks = nameRanks(rows.map((r) => r.o));
    expect(sortRows(rows, { key: 'name', dir: 'asc' }, ranks)).toEqual(sortRows(rows, { key: 'name', dir: 'asc' }));
  });
  it('gives the same order both ways when the rows come in name order, as the host sends them', () => {
    const inOrder = sortRows(rows, { key: 'name', dir: 'asc' });
    const ranks = nameRanks(inOrder.map((r) => r.o));
    expect([...ranks.values()]).toEqual([0, 1, 2, 3]);
    for (const dir of ['asc', 'desc'] as const) expect(sortRows(inOrder, { key: 'name', dir }, ranks)).toEqual(sortRows(rows, { key: 'name', dir }));
    // Filtered rows keep the order too.
    expect(sortRows(inOrder.slice(1, 3), { key: 'name', dir: 'desc' }, ranks).map((r) => r.o.Name)).toEqual(['van 0', 'Truck 10']);
  });
  it('tells a list in name order from one out of it, and ranks a list as it came', () => {
    const inOrder = sortRows(rows, { key: 'name', dir: 'asc' }).map((r) => r.o);
    expect(inNameOrder(inOrder)).toBe(true);
    expect(inNameOrder([...inOrder].reverse())).toBe(false);
    // Names the collator calls equal are ordered by id.
    expect(inNameOrder([obj(2, 'Van 1'), obj(1, 'van 1')])).toBe(false);
    expect([...listedRanks([...inOrder].reverse()).entries()]).toEqual([...inOrder].reverse().map((o, i) => [o.Id, i]));
    expect(nameRanks([...inOrder].reverse())).toEqual(listedRanks(inOrder));
  });
  it('finds where a list leaves name order, slice by slice, whichever slice the break falls in', () => {
    const sorted = Array.from({ length: 12_000 }, (_, i) => obj(i, `Vehicle ${String(i).padStart(5, '0')}`));
    const firstBreak = (list: FleetObject[], slice: number) => {
      for (let from = 1; from < list.length; from += slice) {
        const at = nameOrderBreak(list, from, from + slice);
        if (at >= 0) return at;
      }
      return -1;
    };
    expect(firstBreak(sorted, 5000)).toBe(-1);
    for (const at of [1, 4999, 5000, 5001, 10_001, 11_999]) {
      // The object at `at` swapped with the one above it: the pair (at - 1, at) is out of order.
      const list = sorted.slice();
      [list[at - 1], list[at]] = [list[at]!, list[at - 1]!];
      expect(firstBreak(list, 5000)).toBe(at);
      expect(inNameOrder(list)).toBe(false);
    }
  });
  it('keeps missing values last in both directions and breaks ties by name', () => {
    expect(sortRows(rows, { key: 'speed', dir: 'desc' }).map((r) => r.o.Id)).toEqual([1, 4, 2, 3]);
    expect(sortRows(rows, { key: 'speed', dir: 'asc' }).map((r) => r.o.Id)).toEqual([2, 1, 4, 3]);
    expect(sortRows(rows, { key: 'plate', dir: 'desc' }).map((r) => r.o.Id)).toEqual([2, 1, 4, 3]);
  });
  it('sorts by age with the freshest first when ascending', () => {
    expect(sortRows(rows, { key: 'age', dir: 'asc' }).map((r) => r.o.Id)).toEqual([2, 4, 1, 3]);
  });
  // How fast: `npm run bench -- --only list-model`. Here: ranks give the collator's order.
  it('sorts 50,000 rows with name ranks in the same order as the collator', () => {
    const many: RowFacts[] = Array.from({ length: 50_000 }, (_, i) => ({ o: obj(i, `Vehicle ${(i * 7919) % 50_000}`), state: 'parked', speed: i % 90, time: i }));
    const ranks = nameRanks(many.map((r) => r.o));
    const ids = (rs: RowFacts[]) => rs.map((r) => r.o.Id);
    expect(ids(sortRows(many, { key: 'speed', dir: 'desc' }, ranks))).toEqual(ids(sortRows(many, { key: 'speed', dir: 'desc' })));
    expect(ids(sortRows(many, { key: 'name', dir: 'asc' }, ranks))).toEqual(ids(sortRows(many, { key: 'name', dir: 'asc' })));
    const bySpeed = sortRows(many, { key: 'speed', dir: 'desc' }, ranks);
    for (let i = 1; i < bySpeed.length; i++) expect(bySpeed[i - 1]!.speed).toBeGreaterThanOrEqual(bySpeed[i]!.speed);
  });
});

describe('helpers', () => {
  it('counts groups', () => {
    expect(groupCounts(rows.map((r) => r.o))).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
  it('gives the ids between two rows in either direction', () => {
    expect(idsBetween(rows, 3, 1)).toEqual([1, 2, 3]);
    expect(idsBetween(rows, 9, 2)).toEqual([2]);
  });
  it('reads stored prefs tolerantly', () => {
    expect(parsePrefs('garbage')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ columns: ['imei', 'bogus', 'speed'], sort: { key: 'speed', dir: 'desc' } }))).toEqual({
      columns: ['name', 'imei', 'speed'],
      sort: { key: 'speed', dir: 'desc' },
    });
    expect(parsePrefs(JSON.stringify({ columns: [], sort: { key: 'nope', dir: 'up' } }))).toEqual(DEFAULT_PREFS);
  });
});
