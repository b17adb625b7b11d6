/**
 * The one rule for how a time reads, on every screen: in the object's own time zone when it
 * has a valid one, else in this computer's; 24-hour; dates in year-month-day order; the time
 * alone only when it falls on today (in that zone). An operator comparing the Live panel with
 * History, an alarm with a command, must read the same moment as the same words.
 *
 * Which zone wins is decided here only (`zoneFor`), by the Settings screen's rule (the object's
 * zone, this computer's, or UTC); the clock (24- or 12-hour) is applied here only (`timeIn`),
 * and month names follow the language. Typed times stay 24-hour (`dateMinuteText`).
 */
import { TZDate } from '@date-fns/tz';
import { format, isValid, parse, type Locale } from 'date-fns';
import { LRUCache } from 'lru-cache';
import { enGB, lt, ru } from 'date-fns/locale';
import type { Language } from '../i18n/languages';
import { displayLocale } from '../stores/display-locale';
import { fleetStore } from '../stores/fleet-store';
import { preferences } from '../stores/preferences';

export const DATE_PATTERN = 'yyyy-MM-dd';
export const DATE_TIME_PATTERN = 'yyyy-MM-dd HH:mm:ss';
/** What a typed date with a time looks like (the interval fields): minutes, no seconds. */
export const DATE_MINUTE_PATTERN = 'yyyy-MM-dd HH:mm';

/**
 * Asked for every time on a screen (300 event rows render several each), and a formatter
 * costs a fraction of a millisecond to make: read again only every few seconds, which still
 * follows a laptop whose zone is changed.
 */
const ZONE_READ_MS = 5000;
let zoneRead = { zone: '', at: -Infinity };

export function computerZone(): string {
  const now = Date.now();
  if (now - zoneRead.at >= ZONE_READ_MS || now < zoneRead.at) zoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', at: now };
  return zoneRead.zone;
}

/** A time zone name the platform accepts, else null (a server may send anything). */
export function validZone(tz: string | undefined | null): string | null {
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

/** Zones already tried: a formatter costs milliseconds to create, and screens ask on every render. */
const checkedZones = new Map<string, boolean>();

/** The console's own zone, for a time not about one object: UTC under that rule, else this computer's. */
export function ownZone(): string {
  return preferences.get().timeZone === 'utc' ? 'UTC' : computerZone();
}

/** The zone a time of this object is read in: by the rule, its own when valid, else the console's own. */
export function zoneFor(object: { TimeZone?: string } | null | undefined): string {
  return (preferences.get().timeZone === 'object' ? validZone(object?.TimeZone) : null) ?? ownZone();
}

/** `zoneFor` by id, from the fleet list (this computer's zone for an object not listed). */
export function objectZone(objectId: number | null | undefined): string {
  return zoneFor(objectId == null ? null : fleetStore.objectsById.get(objectId));
}

/** For a time about several objects (a command to many): their zone when they share one, else this computer's. */
export function sharedZone(objectIds: readonly number[]): string {
  const zones = new Set(objectIds.map(objectZone));
  return zones.size === 1 ? [...zones][0]! : ownZone();
}

const DATE_LOCALES: Record<Language, Locale> = { en: enGB, ru, lt };

/** The pattern on the operator's clock: "HH:mm(:ss)" reads "h:mm(:ss) a" on a 12-hour one. */
export function clockPattern(pattern: string): string {
  return preferences.get().clock === '12h' ? pattern.replace(/HH(:mm(?::ss)?)/g, 'h$1 a') : pattern;
}

/**
 * Texts already written, by moment, zone, pattern and language: a list renders the same times
 * again whenever a row's other props change (the fleet's names arriving after the events), and
 * each costs a zone conversion and a format.
 */
const written = new LRUCache<string, string>({ max: 5000 });

export function timeIn(ms: number, zone: string, pattern: string): string {
  if (!Number.isFinite(ms)) return '—';
  const language = displayLocale.language();
  const clocked = clockPattern(pattern);
  const key = `${ms}|${zone}|${clocked}|${language}`;
  let text = written.get(key);
  if (text === undefined) {
    text = format(new TZDate(ms, zone), clocked, { locale: DATE_LOCALES[language] ?? enGB });
    written.set(key, text);
  }
  return text;
}

/** Date and time in full: "2026-11-25 20:00:00". */
export function dateTimeText(ms: number, zone = ownZone()): string {
  return timeIn(ms, zone, DATE_TIME_PATTERN);
}

export function isSameDayIn(a: number, b: number, zone: string): boolean {
  return timeIn(a, zone, DATE_PATTERN) === timeIn(b, zone, DATE_PATTERN);
}

/**
 * A moment as a list says it: "20:00:00" when it is today in `zone`, else "2026-11-25 20:00:00".
 * Today is read at the second (zone offsets are whole seconds, so the day is the same), which
 * lets a screen's rows share that one text.
 */
export function momentText(ms: number, zone = ownZone(), now = Date.now()): string {
  return isSameDayIn(ms, now - (now % 1000), zone) ? timeIn(ms, zone, 'HH:mm:ss') : dateTimeText(ms, zone);
}

/** For a tooltip beside a time: the full date and time, the zone and its offset then. */
export function zoneNote(ms: number, zone: string): string {
  return `${dateTimeText(ms, zone)} ${zone} (UTC${timeIn(ms, zone, 'xxx')})`;
}

/**
 * A typed "yyyy-MM-dd HH:mm" (a "T" between is taken too) read as wall time in `zone`;
 * null when it is not such a date or names a day that does not exist (31 April).
 */
export function parseDateMinute(text: string, zone: string): number | null {
  const value = text.trim().replace('T', ' ');
  const d = parse(value, DATE_MINUTE_PATTERN, new TZDate(0, zone));
  return isValid(d) && format(d, DATE_MINUTE_PATTERN) === value ? d.getTime() : null;
}

/** A typed "yyyy-MM-dd" naming a day that exists (no 31 April, no 2026-2-3). */
export function isValidDay(text: string): boolean {
  const d = parse(text, DATE_PATTERN, new Date(2000, 0, 1));
  return isValid(d) && format(d, DATE_PATTERN) === text;
}

/** What a typed-time field holds: always 24-hour, the inverse of `parseDateMinute`. */
export function dateMinuteText(ms: number, zone: string): string {
  return Number.isFinite(ms) ? format(new TZDate(ms, zone), DATE_MINUTE_PATTERN) : '—';
}
