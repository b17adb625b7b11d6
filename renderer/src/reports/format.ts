/**
 * How a report cell reads: a time in its object's time zone (the service's Unix ms), a
 * duration as hours and minutes, a number with at most two decimals. The exports use the
 * same header words (`headerText`), so the file says what the screen says.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Cell, ReportColumn } from '../../../common/methods/reports';

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

const NUM = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function cellText(c: ReportColumn, v: Cell | undefined, tz: string | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (c.type === 'time') return timeText(v, tz);
  if (c.type === 'duration') return durationText(v);
  return NUM.format(v);
}

export function headerText(c: ReportColumn): string {
  if (c.type === 'duration') return `${c.label}, h:mm`;
  return c.unit ? `${c.label}, ${c.unit}` : c.label;
}
