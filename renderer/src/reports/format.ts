/**
 * How a report cell reads: a time in its object's time zone (the service's Unix ms), a
 * duration as hours and minutes, a number with at most two decimals. The exports use the
 * same header words (`headerText`), so the file says what the screen says.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Cell, ReportColumn } from '../../../common/methods/reports';
import { i18n } from '../i18n';
import { distanceUnitText, numberText, toDistance, toVolume, volumeUnitText } from '../ui/format';

export function timeText(ms: number, tz: string | undefined): string {
  return format(new TZDate(ms, tz ?? 'UTC'), 'yyyy-MM-dd HH:mm');
}

/** In the user's own zone: the interval they chose. */
export function localText(ms: number): string {
  return format(new Date(ms), 'yyyy-MM-dd HH:mm');
}

export function durationText(s: number): string {
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The operator's unit (Settings) for a column the core writes in km or litres; null for any
 * other unit (hours, a fuel sensor's own), shown as the core gives it.
 */
function shownUnit(unit: string | null | undefined): { convert: (v: number) => number; word: () => string } | null {
  if (unit === 'km') return { convert: toDistance, word: distanceUnitText };
  if (unit === 'l') return { convert: toVolume, word: volumeUnitText };
  return null;
}

export function cellText(c: ReportColumn, v: Cell | undefined, tz: string | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (c.type === 'time') return timeText(v, tz);
  if (c.type === 'duration') return durationText(v);
  const u = shownUnit(c.unit);
  return numberText(u ? u.convert(v) : v, 2);
}

/**
 * A column's name: ours, by its id, for the report kinds' columns (the core names them in
 * English); a template's columns are the service's own (`own`), shown as it names them.
 */
export function columnLabel(c: ReportColumn, own = false): string {
  return own ? c.label : i18n.t(`reports:columns.${c.id}`, { defaultValue: c.label });
}

/** A unit the core writes ("km", "l", "h") in the language shown; any other as it is. */
export function unitText(unit: string): string {
  return i18n.t(`reports:units.${unit}`, { defaultValue: unit });
}

/** `asShown`: in the operator's unit, as the table shows it; the CSV keeps the core's numbers and says their unit. */
export function headerText(c: ReportColumn, own = false, asShown = true): string {
  const label = columnLabel(c, own);
  if (c.type === 'duration') return i18n.t('reports:header', { label, unit: unitText('hmm') });
  const u = asShown ? shownUnit(c.unit) : null;
  return c.unit ? i18n.t('reports:header', { label, unit: u ? u.word() : unitText(c.unit) }) : label;
}

const TOTAL = /^Total \((\d+) objects?\)$/;
const VISITS = /^(.+) \((\d+) visits?\)$/;
const OFFLINE = 'Offline: this is the last copy; it cannot be refreshed until the service answers.';
const FAILED = /^The service did not answer \((.*)\); this is the last copy\.$/s;

/**
 * The few sentences the core writes into a table (its total row's name, a cached copy's
 * state), said in the language shown: the core sends them as English text, not as codes.
 * Anything else is shown as it came.
 */
export function coreText(s: string, objectTotal = false): string {
  let m = TOTAL.exec(s);
  if (m) return i18n.t('reports:table.totalObjects', { count: Number(m[1]) });
  if (objectTotal && (m = VISITS.exec(s))) return i18n.t('reports:table.objectVisits', { name: m[1], count: Number(m[2]) });
  if (s === OFFLINE) return i18n.t('reports:stale.offline');
  if ((m = FAILED.exec(s))) return i18n.t('reports:stale.failed', { error: m[1] });
  return s;
}

/** A row with its first cell (what it sums) said by `coreText`. */
export function withCoreName(cells: readonly Cell[], objectTotal = false): Cell[] {
  const [first, ...rest] = cells;
  return [typeof first === 'string' ? coreText(first, objectTotal) : (first ?? null), ...rest];
}
