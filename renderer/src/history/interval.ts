/**
 * Intervals an operator picks, computed in a named IANA time zone (the object's or the
 * operator's): "today" in Lisbon is not "today" in Vladivostok. Results are Unix ms,
 * [from, till); an interval that reaches the present ends now, not at midnight, so the
 * still-open future is never reported as missing from the cache.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, startOfDay, startOfMonth } from 'date-fns';
import { computerZone, dateMinuteText, parseDateMinute, validZone } from '../ui/time';

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'month' | 'last3months';

/** Their words are `history:interval.quick.<id>`. */
export const QUICK_RANGES: { id: QuickRange }[] = [{ id: 'today' }, { id: 'yesterday' }, { id: 'last7' }, { id: 'month' }, { id: 'last3months' }];

export interface Interval {
  from: number;
  till: number;
}

/** Rounded up to the next minute so that two clicks a second apart ask for the same range. */
function nowEdge(now: number): number {
  return Math.ceil(now / 60_000) * 60_000;
}

export function quickInterval(range: QuickRange, now: number, tz: string): Interval {
  const today = startOfDay(new TZDate(now, tz));
  const till = nowEdge(now);
  switch (range) {
    case 'today':
      return { from: today.getTime(), till };
    case 'yesterday':
      return { from: addDays(today, -1).getTime(), till: today.getTime() };
    case 'last7':
      return { from: addDays(today, -6).getTime(), till };
    case 'month':
      return { from: startOfMonth(today).getTime(), till };
    case 'last3months':
      return { from: addMonths(today, -3).getTime(), till };
  }
}

/** A typed "yyyy-MM-dd HH:mm" read as wall time in `tz` (null when it is no such date). */
export function parseLocal(value: string, tz: string): number | null {
  return parseDateMinute(value, tz);
}

/** The inverse of parseLocal, for filling the fields from an interval. */
export function formatLocal(ms: number, tz: string): string {
  return dateMinuteText(ms, tz);
}

export const operatorTimeZone = computerZone;

/** A time zone name the platform accepts, else null (a server may send anything). */
export const validTimeZone = (tz: string | undefined): string | null => validZone(tz);
