/**
 * What the report charts draw, read from a finished table (kept apart from the drawing so
 * it can be tested without a page).
 */
import type { ReportTable } from '../../../common/methods/reports';

/** How many objects the counters chart draws: more lines than this stop being readable. */
const SHOWN = 10;

export type Counter = 'mileage' | 'engineHours';

/** The objects with the largest counter over the interval, largest first. */
export function counterLines(t: ReportTable, counter: Counter): Array<{ name: string; value: number }> {
  const i = t.columns.findIndex((c) => c.id === counter);
  return t.rows
    .map((r) => ({ name: String(r.cells[0]), value: typeof r.cells[i] === 'number' ? r.cells[i] : 0 }))
    .sort((a, b) => b.value - a.value)
    .slice(0, SHOWN);
}

export interface TimelineRow {
  objectId: number;
  name: string;
  visits: Array<{ zone: string; enter: number; exit: number }>;
}

/** Visits grouped by object in the table's order; a visit with no exit runs to the interval's end. */
export function timelineRows(t: ReportTable): TimelineRow[] {
  const by = new Map<number, TimelineRow>();
  for (const r of t.rows) {
    const [name, zone, enter, exit] = r.cells;
    if (typeof enter !== 'number') continue;
    let row = by.get(r.objectId);
    if (!row) by.set(r.objectId, (row = { objectId: r.objectId, name: String(name), visits: [] }));
    row.visits.push({ zone: String(zone), enter: Math.max(enter, t.from), exit: Math.min(typeof exit === 'number' ? exit : t.till, t.till) });
  }
  return [...by.values()];
}

