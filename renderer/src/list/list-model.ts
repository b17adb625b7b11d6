/** Pure filtering and sorting of the object list (unit-tested; no React, no stores). */
import { NAME_COLLATION } from '../../../common/object-summaries';
import type { FleetObject } from '../../../common/resources';
import type { ObjectState } from '../stores/object-state';
import { COLUMNS, type ColumnKey, type RowFacts } from './columns';

export type SortDir = 'asc' | 'desc';
export interface SortSpec {
  key: ColumnKey;
  dir: SortDir;
}

export interface ListFilter {
  /** Lower-cased, trimmed. */
  query: string;
  groupId: number | null;
  /** Empty: every state. */
  states: ReadonlySet<ObjectState>;
}

export function matchesQuery(o: FleetObject, q: string): boolean {
  if (!q) return true;
  return (
    o.Name.toLowerCase().includes(q) ||
    (o.StateNumber ?? '').toLowerCase().includes(q) ||
    (o.IMEI ?? '').toLowerCase().includes(q)
  );
}

export function filterRows(rows: readonly RowFacts[], f: ListFilter): RowFacts[] {
  return rows.filter(
    (r) =>
      (f.states.size === 0 || f.states.has(r.state)) &&
      (f.groupId === null || (r.o.GroupIds ?? []).includes(f.groupId)) &&
      matchesQuery(r.o, f.query),
  );
}

/** Made at its first use: a collator loads its language's rules, and a start's list needs none (decision 0074). */
let namesCollator: Intl.Collator | null = null;
const collator = (): Intl.Collator => (namesCollator ??= new Intl.Collator(undefined, NAME_COLLATION));

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === b) return 0;
  return collator().compare(String(a), String(b));
}

/**
 * Sorted copy. Missing values go last in both directions (an operator sorting by speed
 * wants the fastest first, not the ones that never reported); ties keep name order, then id,
 * so rows do not shuffle between polls.
 */
export function sortRows(rows: readonly RowFacts[], sort: SortSpec, nameRank?: ReadonlyMap<number, number>): RowFacts[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  // With a precomputed name order, names compare as numbers: 50,000 rows re-sort in a few ms.
  const rank = (r: RowFacts) => nameRank?.get(r.o.Id) ?? 0;
  // Rows come in the list's order, which is the name order: by name, they are sorted already.
  if (sort.key === 'name' && nameRank && ascendingRanks(rows, rank)) return sort.dir === 'asc' ? rows.slice() : rows.slice().reverse();
  const value = sort.key === 'name' && nameRank ? rank : COLUMNS[sort.key].value;
  // Rank read once per row, not twice per comparison: ties (every parked vehicle at 0 km/h) are the common case.
  const keyed = rows.map((r) => ({ r, v: value(r), n: rank(r) }));
  keyed.sort((x, y) => {
    if (x.v === null || y.v === null) {
      if (x.v !== y.v) return x.v === null ? 1 : -1;
    } else {
      const c = compareValues(x.v, y.v);
      if (c !== 0) return sign * c;
    }
    const byName = nameRank ? x.n - y.n : collator().compare(x.r.o.Name, y.r.o.Name);
    return byName || x.r.o.Id - y.r.o.Id;
  });
  return keyed.map((k) => k.r);
}

function ascendingRanks(rows: readonly RowFacts[], rank: (r: RowFacts) => number): boolean {
  let last = -Infinity;
  for (const r of rows) {
    const n = rank(r);
    if (n <= last) return false;
    last = n;
  }
  return true;
}

/** Whether the objects are in this page's name order: each neighbouring pair compared once. */
export function inNameOrder(objects: readonly FleetObject[]): boolean {
  return nameOrderBreak(objects, 1, objects.length) < 0;
}

/** The first index in [from, to) whose object comes before the one above it in name order, else -1. */
export function nameOrderBreak(objects: readonly FleetObject[], from: number, to: number): number {
  for (let i = Math.max(1, from); i < Math.min(to, objects.length); i++) if (nameOrder(objects[i - 1]!, objects[i]!) > 0) return i;
  return -1;
}

/** Each object's place as listed, for a list known to be in name order. */
export function listedRanks(objects: readonly FleetObject[]): Map<number, number> {
  const ranks = new Map<number, number>();
  for (let i = 0; i < objects.length; i++) ranks.set(objects[i]!.Id, i);
  return ranks;
}

/**
 * Position of every object in name order, computed once per list so live re-sorts stay cheap.
 * The host sends the list in this order already (`NAME_COLLATION`): only a list out of order is sorted.
 */
export function nameRanks(objects: readonly FleetObject[]): Map<number, number> {
  return inNameOrder(objects) ? listedRanks(objects) : sortedNameRanks(objects);
}

/** Ranks of a list known to be out of name order: sorted, with no check first. */
export function sortedNameRanks(objects: readonly FleetObject[]): Map<number, number> {
  return listedRanks(objects.slice().sort(nameOrder));
}

function nameOrder(a: FleetObject, b: FleetObject): number {
  return collator().compare(a.Name, b.Name) || a.Id - b.Id;
}

/** Every group id any object belongs to, ascending, with how many objects it holds. */
export function groupCounts(objects: readonly FleetObject[]): [number, number][] {
  const m = new Map<number, number>();
  for (const o of objects) for (const g of o.GroupIds ?? []) m.set(g, (m.get(g) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

/** Ids between two rows of the current order, inclusive (shift-click). */
export function idsBetween(rows: readonly RowFacts[], fromId: number, toId: number): number[] {
  const a = rows.findIndex((r) => r.o.Id === fromId);
  const b = rows.findIndex((r) => r.o.Id === toId);
  if (b < 0) return [];
  if (a < 0) return [toId];
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return rows.slice(lo, hi + 1).map((r) => r.o.Id);
}
