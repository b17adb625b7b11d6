/**
 * Intervals an operator picks, computed in a named IANA time zone (the object's or the
 * operator's): "today" in Lisbon is not "today" in Vladivostok. Results are Unix ms,
 * [from, till); an interval that reaches the present ends now, not at midnight, so the
 * still-open future is never reported as missing from the cache.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, startOfDay, startOfMonth } from 'date-fns';

export type QuickRange = 'today' | 'yesterday' | 'last7' | 'month' | 'last3months';

export const QUICK_RANGES: { id: QuickRange; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'month', label: 'This month' },
  { id: 'last3months', label: 'Last 3 months' },
];

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

/** "YYYY-MM-DDTHH:mm" (a datetime-local input's value) read as wall time in `tz`. */
export function parseLocal(value: string, tz: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const t = new TZDate(y!, mo! - 1, d!, h!, mi!, s ?? 0, tz).getTime();
  return Number.isFinite(t) ? t : null;
}

/** The inverse of parseLocal, for filling the inputs from an interval. */
export function formatLocal(ms: number, tz: string): string {
  const d = new TZDate(ms, tz);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function operatorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A time zone name the platform accepts, else null (a server may send anything). */
export function validTimeZone(tz: string | undefined): string | null {
  if (!tz) return null;
  let ok = checkedZones.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    checkedZones.set(tz, ok);
  }
  return ok ? tz : null;
}

/**
 * Zones already tried: a formatter costs milliseconds to create, and the History screen asks
 * on every render, its first draw included. A few names per session.
 */
const checkedZones = new Map<string, boolean>();
