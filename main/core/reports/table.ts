/**
 * Merged answers as the table the screen and the exports show: columns with their units,
 * rows in the order the objects were chosen, each object's totals and the overall total.
 */
import type { Cell, FuelMarks, ReportColumn, ReportKind, ReportRow } from '../../../common/methods/reports';
import type { Sensor } from '../../../common/resources';
import type { Agg, CountersAgg, FuelAgg, MotoAgg, Visit } from './merge';

export interface ObjectInfo {
  id: number;
  name: string;
  timeZone?: string | undefined;
  sensors?: readonly Sensor[] | undefined;
}

const FUEL_WORDS = /fuel|топл|diesel|petrol|tank/i;

/** The unit the objects' fuel sensors give; litres when none says; null when they disagree. */
export function fuelUnit(objects: readonly ObjectInfo[]): string | null {
  const units = new Set<string>();
  for (const o of objects) {
    const s = o.sensors?.find((x) => FUEL_WORDS.test(x.Name) && typeof x.Units === 'string' && x.Units.trim() !== '');
    if (s) units.add(String(s.Units).trim());
  }
  if (units.size > 1) return null;
  return units.values().next().value ?? 'l';
}

const col = (id: string, label: string, type: ReportColumn['type'], extra: Partial<ReportColumn> = {}): ReportColumn => ({ id, label, type, ...extra });

export function columnsFor(kind: ReportKind, objects: readonly ObjectInfo[]): ReportColumn[] {
  const object = col('object', 'Object', 'text');
  if (kind === 'moto') {
    return [object, col('engine', 'Engine on', 'duration', { sums: true }), col('move', 'Moving', 'duration', { sums: true }), col('idle', 'Idle', 'duration', { sums: true }), col('periods', 'Ignition periods', 'number', { sums: true })];
  }
  if (kind === 'geozones') {
    return [object, col('zone', 'Geozone', 'text'), col('enter', 'Entered', 'time'), col('exit', 'Left', 'time'), col('duration', 'Time inside', 'duration', { sums: true })];
  }
  if (kind === 'counters') {
    return [
      object,
      col('odoStart', 'Odometer at start', 'number', { unit: 'km' }),
      col('odoEnd', 'Odometer at end', 'number', { unit: 'km' }),
      col('mileage', 'Mileage', 'number', { unit: 'km', sums: true }),
      col('ehStart', 'Engine hours at start', 'number', { unit: 'h' }),
      col('ehEnd', 'Engine hours at end', 'number', { unit: 'h' }),
      col('engineHours', 'Engine hours', 'number', { unit: 'h', sums: true }),
    ];
  }
  const unit = fuelUnit(objects);
  return [
    object,
    col('start', 'Level at start', 'number', { unit }),
    col('end', 'Level at end', 'number', { unit }),
    col('refuelled', 'Refuelled', 'number', { unit, sums: unit !== null }),
    col('refuels', 'Refuels', 'number', { sums: true }),
    col('drained', 'Drained', 'number', { unit, sums: unit !== null }),
    col('drains', 'Drains', 'number', { sums: true }),
    col('consumed', 'Consumed', 'number', { unit, sums: unit !== null }),
  ];
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

/** The rows of one object (one per visit for geozones, else one), and its totals row. */
export function rowsOf(kind: ReportKind, o: ObjectInfo, agg: Agg | undefined, columns: readonly ReportColumn[]): { rows: ReportRow[]; totals: ReportRow | null } {
  if (!agg) return { rows: [], totals: null };
  let rows: ReportRow[];
  if (agg.kind === 'moto') {
    const v: MotoAgg = agg.v;
    rows = [{ objectId: o.id, cells: [o.name, v.engine, v.move, v.idle, v.periods] }];
  } else if (agg.kind === 'geozones') {
    const visits: Visit[] = agg.v;
    rows = visits.map((x) => ({ objectId: o.id, cells: [o.name, x.zone || `Geozone ${x.zoneId}`, x.enter, x.exit || null, x.duration] }));
    if (rows.length === 0) return { rows, totals: null };
  } else if (agg.kind === 'counters') {
    const v: CountersAgg = agg.v;
    rows = [{ objectId: o.id, cells: [o.name, v.odoStart, v.odoEnd, v.mileage, v.ehStart, v.ehEnd, r2(v.ehEnd - v.ehStart)] }];
  } else {
    const v: FuelAgg = agg.v;
    rows = [{ objectId: o.id, cells: [o.name, v.start, v.end, v.refuelled, v.refuels.length, v.drained, v.drains.length, v.consumed] }];
  }
  return { rows, totals: totalRow(o.id, kind === 'geozones' ? `${o.name} (${rows.length} visits)` : o.name, rows, columns) };
}

/** Sums of the columns that add up; the first cell names what is summed. */
export function totalRow(objectId: number, label: string, rows: readonly ReportRow[], columns: readonly ReportColumn[]): ReportRow {
  const cells: Cell[] = columns.map((c, i) => {
    if (i === 0) return label;
    if (!c.sums) return null;
    let s = 0;
    for (const r of rows) {
      const v = r.cells[i];
      if (typeof v === 'number') s += v;
    }
    return r2(s);
  });
  return { objectId, cells };
}

export function fuelMarks(o: ObjectInfo, agg: Agg | undefined): FuelMarks | null {
  if (agg?.kind !== 'fuel') return null;
  return { objectId: o.id, startLevel: agg.v.start, endLevel: agg.v.end, refuels: agg.v.refuels, drains: agg.v.drains };
}
