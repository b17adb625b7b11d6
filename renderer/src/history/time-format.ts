/**
 * Times as an operator reads them, always in the zone the screen says it uses, in the
 * console's one format (ui/time.ts), so a moment here reads as it does on the Live screen.
 */
import { TZDate, tz as inZone } from '@date-fns/tz';
import { differenceInCalendarDays, format } from 'date-fns';
import { i18n } from '../i18n';
import { DATE_MINUTE_PATTERN, DATE_TIME_PATTERN, timeIn } from '../ui/time';
import { distanceText, toDistance } from '../ui/format';

export function fmtTime(ms: number, tz: string, pattern = DATE_TIME_PATTERN): string {
  return timeIn(ms, tz, pattern);
}

export function fmtShort(ms: number, tz: string): string {
  return fmtTime(ms, tz, DATE_MINUTE_PATTERN);
}

/**
 * The end of a span: its time alone when it ends the day it began (in `tz`), else with the
 * days after: "07:25 +1 d". Short, so the trips table keeps every column in sight with
 * its start in full (yyyy-MM-dd HH:mm) beside it.
 */
export function fmtEnd(from: number, till: number, tz: string): string {
  const days = differenceInCalendarDays(till, from, { in: inZone(tz) });
  const time = fmtTime(till, tz, 'HH:mm');
  return days === 0 ? time : i18n.t('history:units.plusDays', { time, d: days });
}

/** "2 h 05 min", "45 min", "12 s", "3 d 4 h". */
export function fmtDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return i18n.t('history:units.s', { n: s });
  const m = Math.floor(s / 60);
  if (m < 60) return i18n.t('history:units.min', { n: m });
  const h = Math.floor(m / 60);
  if (h < 48) return i18n.t('history:units.hMin', { h, m: String(m % 60).padStart(2, '0') });
  return i18n.t('history:units.dH', { d: Math.floor(h / 24), h: h % 24 });
}

export function fmtKm(metres: number): string {
  const km = metres / 1000;
  return distanceText(km, toDistance(km) >= 100 ? 0 : 1);
}

/** UTC offset of `tz` at `ms`, e.g. "UTC+02:00", shown next to the zone's name. */
export function fmtOffset(ms: number, tz: string): string {
  return `UTC${format(new TZDate(ms, tz), 'xxx')}`;
}

/**
 * The zone's offsets across an interval, in order: "UTC+02:00", or "UTC+02:00 → UTC+01:00"
 * when a clock change falls inside it, so the caption is true at both ends. Read a day
 * apart (zones change at most twice a year, never twice in a day), and at the very end.
 */
export function offsetsText(from: number, till: number, tz: string): string {
  const seen: string[] = [];
  const add = (t: number) => {
    const o = fmtOffset(t, tz);
    if (seen[seen.length - 1] !== o) seen.push(o);
  };
  for (let t = from; t < till; t += 86_400_000) add(t);
  add(till);
  return seen.join(' → ');
}

/**
 * uPlot's `tzDate` (a Date whose local fields read as the wall time in `tz`), remembered
 * per timestamp: uPlot asks for the same few tick times on every redraw of every chart,
 * and each answer goes through Intl (a few hundred ms of a month's load). A copy is
 * returned, as uPlot may change the Date it is given.
 */
export function cachedTzDate(tz: string, toZoned: (d: Date, tz: string) => Date): (ts: number) => Date {
  const seen = new Map<number, number>();
  return (ts) => {
    let shifted = seen.get(ts);
    if (shifted === undefined) {
      if (seen.size >= 4096) seen.clear();
      seen.set(ts, (shifted = toZoned(new Date(ts), tz).getTime()));
    }
    return new Date(shifted);
  };
}
