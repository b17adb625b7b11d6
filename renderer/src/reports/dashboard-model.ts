/**
 * The dashboard's figures from the daily statistics: sums per object, per group and per
 * day, and the ranked lists. Pure, so the sums are tested without a page.
 */
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { DAY_MS } from '../../../common/history-windows';
import type { Dashboard, DashboardDay, ReportColumn, ReportRow } from '../../../common/methods/reports';
import { i18n } from '../i18n';

const unnamed = (id: number) => i18n.t('reports:dashboard.objectN', { id });

/** The figures of a day that add up over days, objects and groups. */
export type Sums = Pick<DashboardDay, 'km' | 'engine' | 'move' | 'park' | 'idle' | 'fuel'>;
const zero = (): Sums => ({ km: 0, engine: 0, move: 0, park: 0, idle: 0, fuel: 0 });
function add(a: Sums, b: Sums): void {
  a.km += b.km;
  a.engine += b.engine;
  a.move += b.move;
  a.park += b.park;
  a.idle += b.idle;
  a.fuel += b.fuel;
}

export interface DashboardModel {
  total: Sums;
  perObject: Map<number, Sums>;
  /** By calendar date: `day` is the date's midnight in the chart's zone. */
  perDay: Array<{ day: number } & Sums>;
  perGroup: Array<{ id: number; name: string } & Sums>;
}

/**
 * The date a service day is of, as midnight in `zone`: each object's day starts at its own
 * midnight, so a fleet in several zones sends one date under several starts. Its middle falls
 * on its date in any zone within twelve hours of the object's.
 */
export function dateOf(day: number, zone: string): number {
  return startOfDay(new TZDate(day + DAY_MS / 2, zone)).getTime();
}

export function dashboardModel(d: Dashboard, zone: string): DashboardModel {
  const total = zero();
  const perObject = new Map<number, Sums>(d.objectIds.map((id) => [id, zero()]));
  const days = new Map<number, Sums>();
  for (const x of d.days) {
    add(total, x);
    const o = perObject.get(x.objectId) ?? zero();
    add(o, x);
    perObject.set(x.objectId, o);
    const date = dateOf(x.day, zone);
    const day = days.get(date) ?? zero();
    add(day, x);
    days.set(date, day);
  }
  const perDay = [...days].sort((a, b) => a[0] - b[0]).map(([day, s]) => ({ day, ...s }));
  const perGroup = d.groups.map((g) => {
    const s = zero();
    for (const id of g.objectIds) {
      const o = perObject.get(id);
      if (o) add(s, o);
    }
    return { id: g.id, name: g.name, ...s };
  });
  return { total, perObject, perDay, perGroup };
}

/** Labels here are the English fallbacks: the screen names columns by id (`columnLabel`). */
export const SUM_COLUMNS: ReportColumn[] = [
  { id: 'km', label: 'Mileage', type: 'number', unit: 'km', sums: true },
  { id: 'engine', label: 'Engine on', type: 'duration', sums: true },
  { id: 'move', label: 'Moving', type: 'duration', sums: true },
  { id: 'park', label: 'Parked', type: 'duration', sums: true },
  { id: 'idle', label: 'Idle', type: 'duration', sums: true },
  { id: 'fuel', label: 'Fuel used', type: 'number', unit: 'l', sums: true },
];

const r2 = (v: number) => Math.round(v * 100) / 100;
export const sumCells = (s: Sums) => [r2(s.km), s.engine, s.move, s.park, s.idle, r2(s.fuel)];

export function objectRows(d: Dashboard, m: DashboardModel): ReportRow[] {
  return [...m.perObject].map(([id, s]) => ({ objectId: id, cells: [d.names[id] ?? unnamed(id), ...sumCells(s), d.speeding[id] ?? 0] }));
}

/** The `n` objects highest (or lowest) by `key`, with their value; objects without a value of it left out. */
export function ranked(d: Dashboard, m: DashboardModel, key: keyof Sums | 'speeding', n: number, lowest = false): Array<{ id: number; name: string; value: number }> {
  const all = [...m.perObject].map(([id, s]) => ({ id, name: d.names[id] ?? unnamed(id), value: key === 'speeding' ? (d.speeding[id] ?? 0) : s[key] }));
  const list = key === 'speeding' ? all.filter((x) => x.value > 0) : all;
  list.sort((a, b) => (lowest ? a.value - b.value : b.value - a.value) || a.name.localeCompare(b.name));
  return list.slice(0, n);
}
