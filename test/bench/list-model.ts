/**
 * List model benchmark: sorting and filtering 50,000 rows as the object list does on every
 * live update, against the naive baseline (collator comparisons instead of name ranks),
 * both measured in this run.
 */
import { performance } from 'node:perf_hooks';
import type { FleetObject } from '../../common/resources';
import type { RowFacts } from '../../renderer/src/list/columns';
import { filterRows, nameRanks, sortRows } from '../../renderer/src/list/list-model';

const N = 50_000;

function rows(): RowFacts[] {
  return Array.from({ length: N }, (_, i) => ({
    o: { Id: i + 1, Name: `Vehicle ${(i * 7919) % N}`, StateNumber: `AA${i}`, IMEI: String(350000000000000 + i), GroupIds: [i % 40] } as unknown as FleetObject,
    state: i % 3 === 0 ? 'moving' : 'parked',
    speed: i % 3 === 0 ? (i * 13) % 120 : 0,
    time: 1_700_000_000_000 + i,
  }));
}

function median(fn: () => void, runs = 7): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return Math.round(t[Math.floor(runs / 2)]! * 10) / 10;
}

export async function runListModelBench(): Promise<Record<string, number>> {
  const r = rows();
  const objects = r.map((x) => x.o);
  const ranks = nameRanks(objects);
  return {
    rows: N,
    name_ranks_ms: median(() => nameRanks(objects), 3),
    sort_speed_with_ranks_ms: median(() => sortRows(r, { key: 'speed', dir: 'desc' }, ranks)),
    sort_speed_baseline_collator_ms: median(() => sortRows(r, { key: 'speed', dir: 'desc' })),
    sort_name_with_ranks_ms: median(() => sortRows(r, { key: 'name', dir: 'asc' }, ranks)),
    sort_name_baseline_collator_ms: median(() => sortRows(r, { key: 'name', dir: 'asc' })),
    filter_search_ms: median(() => filterRows(r, { query: 'vehicle 49', groupId: null, states: new Set() })),
    filter_state_ms: median(() => filterRows(r, { query: '', groupId: null, states: new Set(['moving']) })),
  };
}
