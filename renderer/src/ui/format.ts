/** How old a time is, the way an operator says it: "12 s ago", "3 min ago", "2 h ago", "5 d ago". */
export function ageText(time: number | null | undefined, now: number): string {
  if (!time) return 'never';
  const s = Math.max(0, Math.round((now - time) / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

export function speedText(kmh: number | undefined): string {
  return kmh === undefined || Number.isNaN(kmh) ? '—' : `${Math.round(kmh)} km/h`;
}

// Made once: toLocaleString() builds an ICU formatter on every call (about a millisecond on a
// busy machine), and the legend, the list's rows and the events render many times a minute.
const NUMBER = new Intl.NumberFormat();
const DATE_TIME = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: 'numeric', second: 'numeric' });

const FRACTION = new Map<number, Intl.NumberFormat>();

/**
 * A number with the operator's digit grouping ("12,345"), as Number#toLocaleString gives it;
 * with `maxFractionDigits`, as toLocaleString(undefined, { maximumFractionDigits }) does.
 */
export function numberText(n: number, maxFractionDigits?: number): string {
  if (maxFractionDigits === undefined) return NUMBER.format(n);
  let f = FRACTION.get(maxFractionDigits);
  if (!f) FRACTION.set(maxFractionDigits, (f = new Intl.NumberFormat(undefined, { maximumFractionDigits: maxFractionDigits })));
  return f.format(n);
}

/** Date and time in the operator's locale and zone, as Date#toLocaleString gives it. */
export function dateTimeText(ms: number): string {
  return DATE_TIME.format(ms);
}

/** The time of day alone, as Date#toLocaleTimeString gives it. */
export function timeOfDayText(ms: number): string {
  return TIME.format(ms);
}

/** A moment as a list says it: the time of day when it is today, else the date too. */
export function momentText(ms: number, now = Date.now()): string {
  return new Date(now).toDateString() === new Date(ms).toDateString() ? timeOfDayText(ms) : dateTimeText(ms);
}

/**
 * A measured value (a sensor's reading, at the cursor or live) with the digits its size
 * carries: whole from 100 ("412 l"), one decimal from 10 ("24.1 V"), two below ("8.8 °C",
 * "0.25"), with no trailing zeros, so the details panel and the History screen say it alike.
 */
export function readingNumberText(v: number): string {
  const abs = Math.abs(v);
  return numberText(v, abs >= 100 ? 0 : abs >= 10 ? 1 : 2);
}

/** A driver key as a person reads it: "Name (key UId)" when its driver is known, else the UId (or the name alone without a key). */
export function keyText(uid: string, driverName: string | null): string {
  if (!uid) return driverName ?? '';
  return driverName ? `${driverName} (key ${uid})` : uid;
}
