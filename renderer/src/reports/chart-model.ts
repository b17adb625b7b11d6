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


/** Distinct on the light and the dark theme; the last stands for every geozone past them. */
export const ZONE_COLOURS = ['#2f6fd6', '#2f9e58', '#c9822b', '#7d4cc2', '#1d9aa8', '#b8447f', '#d64545', '#6b7a12'];
export const OTHER_ZONE_COLOUR = '#8a8f98';

export interface ZoneColours {
  /** Each geozone's colour; the ones past the palette share OTHER_ZONE_COLOUR. */
  of: ReadonlyMap<string, string>;
  /** The coloured geozones, most time inside first. */
  named: string[];
  /** How many geozones share the grey. */
  others: number;
}

/**
 * A colour per geozone, each its own: cycling a short palette gave two geozones one colour and
 * made the legend ambiguous. When there are more geozones than colours, the ones with the most
 * time inside keep theirs and the rest are grey (a bar's title still names its geozone).
 */
export function zoneColours(rows: readonly TimelineRow[]): ZoneColours {
  const inside = new Map<string, number>();
  for (const r of rows) for (const v of r.visits) inside.set(v.zone, (inside.get(v.zone) ?? 0) + (v.exit - v.enter));
  const ranked = [...inside].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([z]) => z);
  const fit = ranked.length <= ZONE_COLOURS.length ? ranked.length : ZONE_COLOURS.length - 1;
  const named = ranked.slice(0, fit);
  const of = new Map<string, string>(ranked.map((z, i) => [z, i < fit ? ZONE_COLOURS[i]! : OTHER_ZONE_COLOUR]));
  return { of, named, others: ranked.length - fit };
}
