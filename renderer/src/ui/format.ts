import { displayLocale } from '../stores/display-locale';
import { preferences } from '../stores/preferences';
const AGE_EN: Record<string, string> = { never: 'never', s: '{{n}} s ago', min: '{{n}} min ago', h: '{{n}} h ago', d: '{{n}} d ago' };

/** How old a time is, the way an operator says it: "12 s ago", "3 min ago", "2 h ago", "5 d ago". */
export function ageText(time: number | null | undefined, now: number): string {
  const say = (key: string, n?: number) => {
    const text = displayLocale.t(`ui:age.${key}`, { n });
    // Before the page's translator is set (tests under Node), the English reference.
    return text === `ui:age.${key}` ? AGE_EN[key]!.replace('{{n}}', String(n)) : text;
  };
  if (!time) return say('never');
  const s = Math.max(0, Math.round((now - time) / 1000));
  if (s < 60) return say('s', s);
  const m = Math.floor(s / 60);
  if (m < 60) return say('min', m);
  const h = Math.floor(m / 60);
  if (h < 48) return say('h', h);
  return say('d', Math.floor(h / 24));
}

/*
 * Distances, speeds and volumes in the operator's units (Settings: km or miles, litres or US
 * gallons; speed follows distance). The service and the cache speak km, km/h and litres; only
 * what is shown is converted, here, and the unit's words come from the `settings` namespace.
 */
const KM_PER_MILE = 1.609344;
const LITRES_PER_US_GALLON = 3.785411784;

const miles = () => preferences.get().distanceUnit === 'mi';
const gallons = () => preferences.get().volumeUnit === 'gal';

export const toDistance = (km: number): number => (miles() ? km / KM_PER_MILE : km);
export const toSpeed = (kmh: number): number => (miles() ? kmh / KM_PER_MILE : kmh);
export const toVolume = (litres: number): number => (gallons() ? litres / LITRES_PER_US_GALLON : litres);

/** "km" or "mi", in the console's language. */
export const distanceUnitText = (): string => displayLocale.t(miles() ? 'settings:units.mi' : 'settings:units.km');
/** "km/h" or "mph". */
export const speedUnitText = (): string => displayLocale.t(miles() ? 'settings:units.mph' : 'settings:units.kmh');
/** "l" or "gal". */
export const volumeUnitText = (): string => displayLocale.t(gallons() ? 'settings:units.gal' : 'settings:units.l');

const missing = (v: number | undefined): v is undefined => v === undefined || !Number.isFinite(v);

/** "184.2 km" / "114.5 mi"; `digits` decimals at most (1 unless said). */
export function distanceText(km: number | undefined, digits = 1): string {
  return missing(km) ? '—' : `${numberText(toDistance(km), digits)} ${distanceUnitText()}`;
}

/** "45 km/h" / "28 mph", whole. */
export function speedText(kmh: number | undefined): string {
  return missing(kmh) ? '—' : `${numberText(Math.round(toSpeed(kmh)))} ${speedUnitText()}`;
}

/** "412 l" / "108.8 gal"; `digits` decimals at most (1 unless said). */
export function volumeText(litres: number | undefined, digits = 1): string {
  return missing(litres) ? '—' : `${numberText(toVolume(litres), digits)} ${volumeUnitText()}`;
}

// Made once per language: toLocaleString() builds an ICU formatter on every call (about a
// millisecond on a busy machine), and the legend, the list's rows and the events render many
// times a minute. Times are not here: they follow one rule of zone and format, in time.ts.
const FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * A number with the digit grouping of the console's language ("12,345", "12 345"); with
 * `maxFractionDigits`, at most that many decimals.
 */
export function numberText(n: number, maxFractionDigits?: number): string {
  const lang = displayLocale.language();
  const key = `${lang}/${maxFractionDigits ?? ''}`;
  let f = FORMATS.get(key);
  if (!f) FORMATS.set(key, (f = new Intl.NumberFormat(lang, maxFractionDigits === undefined ? {} : { maximumFractionDigits: maxFractionDigits })));
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
