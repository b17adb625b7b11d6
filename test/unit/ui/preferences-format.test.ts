/**
 * The Settings screen's preferences as the formatting reads them (issue 29): units converted
 * where shown, the zone rule in zoneFor, the 12-hour clock in timeIn, month names and digit
 * grouping by the console's language. Each case sets the preference the way the push does.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../renderer/src/i18n/languages';
import { displayLocale } from '../../../renderer/src/stores/display-locale';
import { DEFAULT_PREFERENCES, preferences } from '../../../renderer/src/stores/preferences';
import { distanceText, numberText, speedText, volumeText } from '../../../renderer/src/ui/format';
import { computerZone, dateMinuteText, dateTimeText, momentText, sharedZone, timeIn, zoneFor } from '../../../renderer/src/ui/time';

// 2026-11-25 19:00 UTC: 20:00 in Berlin.
const AT = Date.UTC(2026, 10, 25, 19, 0, 0);
const set = (p: Partial<typeof DEFAULT_PREFERENCES>) => preferences.apply({ ...DEFAULT_PREFERENCES, ...p });

type Tree = { [k: string]: string | Tree };
/** The language as the page's i18next sets it (settings/load.ts), with the bundled settings words. */
function speak(lang: Language): void {
  const tree = JSON.parse(readFileSync(`renderer/src/i18n/locales/${lang}/settings.json`, 'utf8')) as Tree;
  displayLocale.set(lang, (key) => {
    const found = key.replace(/^settings:/, '').split('.').reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);
    return typeof found === 'string' ? found : key;
  });
}

afterEach(() => {
  set({});
  speak('en');
});
speak('en');

describe('units follow the preference', () => {
  it('kilometres, km/h and litres by default', () => {
    expect(distanceText(160.9344)).toBe('160.9 km');
    expect(speedText(100)).toBe('100 km/h');
    expect(volumeText(37.85)).toBe('37.9 l');
  });

  it('miles, mph and US gallons once chosen, at the next text made', () => {
    set({ distanceUnit: 'mi', volumeUnit: 'gal' });
    expect(distanceText(160.9344)).toBe('100 mi');
    expect(speedText(100)).toBe('62 mph');
    expect(volumeText(37.85411784)).toBe('10 gal');
    expect(speedText(undefined)).toBe('—');
  });

  it('unit words and digits in the console’s language', () => {
    speak('ru');
    expect(speedText(100)).toBe('100 км/ч');
    expect(numberText(12345.5, 1)).toBe('12\u00a0345,5');
    speak('lt');
    expect(distanceText(12.5)).toBe('12,5 km');
  });
});

describe('the time rule follows the preference', () => {
  const berlin = { TimeZone: 'Europe/Berlin' };

  it('the object’s zone, this computer’s, or UTC', () => {
    expect(zoneFor(berlin)).toBe('Europe/Berlin');
    set({ timeZone: 'computer' });
    expect(zoneFor(berlin)).toBe(computerZone());
    set({ timeZone: 'utc' });
    expect(zoneFor(berlin)).toBe('UTC');
    expect(zoneFor(null)).toBe('UTC');
    expect(sharedZone([1, 2])).toBe('UTC');
    expect(dateTimeText(AT)).toBe('2026-11-25 19:00:00');
  });

  it('a 12-hour clock where a time is shown, 24-hour in a typed field', () => {
    // Written once on the 24-hour clock first: a text kept from then must not come back.
    expect(dateTimeText(AT, 'Europe/Berlin')).toBe('2026-11-25 20:00:00');
    set({ clock: '12h' });
    expect(dateTimeText(AT, 'Europe/Berlin')).toBe('2026-11-25 8:00:00 PM');
    expect(momentText(AT, 'Europe/Berlin', AT)).toBe('8:00:00 PM');
    expect(timeIn(AT, 'Europe/Berlin', 'HH:mm')).toBe('8:00 PM');
    expect(dateMinuteText(AT, 'Europe/Berlin')).toBe('2026-11-25 20:00');
  });

  it('today starts at midnight to the millisecond, though today is read at the second', () => {
    const midnight = Date.UTC(2026, 10, 26);
    expect(momentText(midnight - 1, 'UTC', midnight + 500)).toBe('2026-11-25 23:59:59');
    expect(momentText(midnight + 100, 'UTC', midnight + 500)).toBe('00:00:00');
    expect(momentText(midnight + 100, 'UTC', midnight - 1)).toBe('2026-11-26 00:00:00');
  });

  it('month names in the console’s language', () => {
    expect(timeIn(AT, 'Europe/Berlin', 'd MMM')).toBe('25 Nov');
    speak('ru');
    expect(timeIn(AT, 'Europe/Berlin', 'd MMM')).toBe('25 нояб.');
    speak('lt');
    expect(timeIn(AT, 'Europe/Berlin', 'd MMM')).toMatch(/^25 lapkr?/);
  });
});
