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
// Times are not here: they follow one rule of zone and format, in time.ts.
const NUMBER = new Intl.NumberFormat();

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
