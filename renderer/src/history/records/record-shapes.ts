/**
 * How the catalogue records read in the tables under the History screen's tabs: named
 * columns, times in the screen's zone, durations in hours and minutes, no column repeating
 * the object the screen is about. Fields the service sends beyond the known ones still show,
 * under their own names, so nothing a real service adds is hidden.
 */
import { PACKETS_MAX_ROWS, PACKETS_MAX_WINDOWS } from './record-windows';
import { keyText, numberText } from '../../ui/format';
import { i18n } from '../../i18n';
import { fmtDuration, fmtShort, fmtTime } from '../time-format';

export type RecordsTab = 'sessions' | 'parkings' | 'packets';

type Rec = Record<string, unknown>;

export interface RecordColumn {
  /** Shown as is: a known column's words (asked when the shape is made) or a field's own name. */
  header: string;
  cell: (row: Rec, tz: string) => string;
}

export interface RecordsShape {
  rows: Rec[];
  columns: RecordColumn[];
}

/** The tables' words, in the language shown when the records are read (the tab reads them again on a change). */
const w = (key: string, options: Record<string, unknown> = {}): string => i18n.t(`history:records.${key}`, options);

const isRec = (x: unknown): x is Rec => !!x && typeof x === 'object' && !Array.isArray(x);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const when = (key: string) => (r: Rec, tz: string) => (num(r[key]) !== undefined ? fmtShort(r[key] as number, tz) : text(r[key]));
/** Duration in seconds as the service sends it, else Till − From. */
const duration = (r: Rec) => {
  const s = num(r.Duration);
  if (s !== undefined) return fmtDuration(s * 1000);
  const a = num(r.From);
  const b = num(r.Till);
  return a !== undefined && b !== undefined ? fmtDuration(b - a) : '';
};

const TIME_KEY = /time|from|till|start|end|date|day/i;
/** A field no column names, shown raw (a time as a time, as the service sends ms). */
function extra(key: string): RecordColumn {
  return {
    header: key,
    cell: (r, tz) => {
      const v = r[key];
      return typeof v === 'number' && TIME_KEY.test(key) && v > 1e11 ? fmtTime(v, tz) : text(v);
    },
  };
}

/** The known columns, then any other field seen in the first rows (minus those never shown). */
function withExtras(rows: readonly Rec[], known: RecordColumn[], used: readonly string[], hidden: readonly string[]): RecordColumn[] {
  const skip = new Set([...used, ...hidden]);
  const keys = new Set<string>();
  for (const r of rows.slice(0, 200)) for (const k of Object.keys(r)) if (!skip.has(k)) keys.add(k);
  return [...known, ...[...keys].map(extra)];
}

const byFrom = (a: Rec, b: Rec) => (num(a.From) ?? 0) - (num(b.From) ?? 0);

function sessions(items: readonly unknown[]): RecordsShape {
  const rows = items.filter(isRec).sort(byFrom);
  const columns: RecordColumn[] = [
    { header: w('driver'), cell: (r) => keyText(text(r.UId), text(r.DriverName) || (r.DriverId !== undefined && r.DriverId !== 0 ? w('driverN', { id: text(r.DriverId) }) : null)) },
    { header: w('from'), cell: when('From') },
    { header: w('to'), cell: when('Till') },
    { header: w('duration'), cell: duration },
  ];
  return { rows, columns: withExtras(rows, columns, ['DriverName', 'UId', 'From', 'Till', 'Duration'], ['ObjectId', 'DriverId']) };
}

/** ParkingMoto nests its rows (one record per object with Parkings and EngineIntervals lists): one row per element, in time order. */
const NESTED_LABEL: Record<string, string> = { Parkings: 'parked', EngineIntervals: 'engineOn' };
const NESTED_ROW = '\u0000what';

function parkings(items: readonly unknown[]): RecordsShape {
  const rows: Rec[] = [];
  for (const it of items) {
    if (!isRec(it)) continue;
    for (const [key, list] of Object.entries(it))
      if (Array.isArray(list)) for (const x of list) if (isRec(x)) rows.push({ [NESTED_ROW]: NESTED_LABEL[key] ? w(NESTED_LABEL[key]) : key, ...x });
  }
  rows.sort(byFrom);
  const place = (r: Rec) => (num(r.Lat) !== undefined && num(r.Lng) !== undefined ? `${(r.Lat as number).toFixed(5)}, ${(r.Lng as number).toFixed(5)}` : '');
  const columns: RecordColumn[] = [
    { header: w('what'), cell: (r) => text(r[NESTED_ROW]) },
    { header: w('from'), cell: when('From') },
    { header: w('to'), cell: when('Till') },
    { header: w('duration'), cell: duration },
    { header: w('place'), cell: place },
  ];
  return { rows, columns: withExtras(rows, columns, [NESTED_ROW, 'From', 'Till', 'Duration', 'Lat', 'Lng'], ['ObjectId']) };
}

/** Packets are the device's own form: records with a time and the raw text, or bare strings. */
function packets(items: readonly unknown[]): RecordsShape {
  const rows = items.map((x): Rec => (isRec(x) ? x : { Raw: x }));
  const columns: RecordColumn[] = [
    { header: w('received'), cell: (r, tz) => (num(r.Time) !== undefined ? fmtTime(r.Time as number, tz) : '') },
    { header: w('packet'), cell: (r) => text(r.Raw) },
  ];
  return { rows, columns: withExtras(rows, columns, ['Time', 'Raw'], ['ObjectId']) };
}

export function recordsShape(tab: RecordsTab, items: readonly unknown[]): RecordsShape {
  return tab === 'sessions' ? sessions(items) : tab === 'parkings' ? parkings(items) : packets(items);
}

/**
 * Said above a table whose rows stop before the interval ends (records.ts: `shownTill`):
 * what is shown (how many packets, over how many days, up to when), then why it stops.
 */
export function cutShortNote(shownTill: number, tz: string, packets: number, days: number): string {
  const span = days === 1 ? w('firstDay') : w('firstDays', { count: days });
  const cap = packets >= PACKETS_MAX_ROWS ? w('capRows', { count: PACKETS_MAX_ROWS, n: PACKETS_MAX_ROWS }) : w('capDays', { count: PACKETS_MAX_WINDOWS, n: PACKETS_MAX_WINDOWS });
  return w('cutShort', { count: packets, n: numberText(packets), span, till: fmtShort(shownTill, tz), cap });
}
