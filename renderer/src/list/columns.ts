/**
 * The columns an operator can show in the object list. Each knows how to read its value
 * from one row's facts, so sorting, rendering and the column chooser share one table.
 */
import type { FleetObject } from '../../../common/resources';
import { groupNamesNow, groupsText } from '../stores/group-names';
import type { ObjectState } from '../stores/object-state';
import { i18n } from '../i18n';
import { stateLabel as stateWords } from '../ui/state-words';

/** What a row shows, gathered once per list pass (never per cell, never per subscription). */
export interface RowFacts {
  o: FleetObject;
  state: ObjectState;
  /** km/h, NaN when unknown or never reported. */
  speed: number;
  /** Unix ms of the last position, 0 when never reported. */
  time: number;
}

export type ColumnKey = 'name' | 'plate' | 'imei' | 'state' | 'speed' | 'age' | 'device' | 'phone' | 'groups';

export interface Column {
  key: ColumnKey;
  /** Has a shorter heading (columns.<key>Short in list.json) where the label would not fit the column's minimum width. */
  short?: true;
  /** Relative width in the row's CSS grid. */
  width: number;
  /** Ascending order means: this value ascending. Missing values sort last either way. */
  value: (f: RowFacts) => string | number | null;
}

/** Order of states when sorting by state: what needs attention first. */
const STATE_RANK: Record<ObjectState, number> = {
  moving: 0, idle: 1, parked: 2, offline: 3, never: 4, broken: 5, service: 6, blocked: 7, inactive: 8,
};

export const COLUMNS: Record<ColumnKey, Column> = {
  name: { key: 'name', width: 1.4, value: (f) => f.o.Name },
  plate: { key: 'plate', short: true, width: 1.2, value: (f) => f.o.StateNumber || null },
  imei: { key: 'imei', width: 1.4, value: (f) => f.o.IMEI || null },
  state: { key: 'state', short: true, width: 1, value: (f) => STATE_RANK[f.state] },
  speed: { key: 'speed', short: true, width: 0.8, value: (f) => (Number.isNaN(f.speed) || !f.time ? null : f.speed) },
  // Ascending age = most recent first, so the value is the negated time.
  age: { key: 'age', short: true, width: 1, value: (f) => (f.time ? -f.time : null) },
  device: { key: 'device', width: 1, value: (f) => f.o.DeviceType || null },
  phone: { key: 'phone', width: 1.1, value: (f) => f.o.Phone || null },
  groups: { key: 'groups', width: 0.9, value: (f) => (f.o.GroupIds?.length ? groupsText(f.o.GroupIds, groupNamesNow()) : null) },
};

export const ALL_COLUMNS = Object.keys(COLUMNS) as ColumnKey[];
export const DEFAULT_COLUMNS: ColumnKey[] = ['name', 'plate', 'state', 'speed', 'age'];

/**
 * Pixels per unit of `width` that a column never shrinks below: values stay readable, and the
 * five default columns (5.4 units) still fit the list of a 1024-pixel window (42 % of it,
 * styles.css `.live`) unscrolled. A longer header ("Last position") ellipsises at its
 * minimum, its full name in a title;
 * "Last position" is headed "Updated", which fits.
 */
const MIN_PX_PER_WIDTH = 68;
/** The row's side padding and the gap between cells (styles.css `.row`). */
const ROW_PADDING_PX = 20;
const CELL_GAP_PX = 8;

/**
 * The grid's columns: each shares the spare room by its width, but never shrinks below its
 * own minimum; `minWidth` is the row's width at those minimums. A list narrower than that
 * scrolls sideways instead of squeezing nine columns into ellipses.
 */
export function gridLayout(columns: readonly ColumnKey[]): { template: string; minWidth: number } {
  const mins = columns.map((k) => Math.round(COLUMNS[k].width * MIN_PX_PER_WIDTH));
  return {
    template: columns.map((k, i) => `minmax(${mins[i]}px, ${COLUMNS[k].width}fr)`).join(' '),
    minWidth: mins.reduce((a, b) => a + b, 0) + ROW_PADDING_PX + CELL_GAP_PX * Math.max(0, columns.length - 1),
  };
}

export function stateLabel(s: ObjectState): string {
  return stateWords(s);
}

/** A column's name in the screen's language, read when drawn. */
export function columnLabel(k: ColumnKey): string {
  return i18n.t(`list:columns.${k}`);
}

/** Its header: the shorter heading where it has one. */
export function columnHeading(k: ColumnKey): string {
  return COLUMNS[k].short ? i18n.t(`list:columns.${k}Short`) : columnLabel(k);
}
