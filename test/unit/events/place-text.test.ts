import { describe, expect, it } from 'vitest';
import type { EventPlace } from '../../../renderer/src/events/place';
import { pinText, placeText } from '../../../renderer/src/events/place-text';
import { format } from 'date-fns';

// Today's times read 24-hour, with no date (ui/time.ts); the fleet list is empty, so in this computer's zone.
const timeOfDayText = (ms: number) => format(ms, 'HH:mm:ss');

const NOW = new Date(2026, 10, 24, 15, 0, 0).getTime();
const AT = new Date(2026, 10, 24, 14, 3, 12).getTime();
const place = (p: Partial<EventPlace>): EventPlace => ({
  eventId: 1,
  objectId: 2,
  eventTime: AT,
  title: 'Alarm, Truck 12',
  lat: 50,
  lng: 10,
  source: 'fix',
  time: AT,
  ...p,
});
const shown = (p: Partial<EventPlace>) => ({ eventId: 1, objectId: 2, state: 'shown' as const, place: place(p) });

describe('what the panel and the pin say of an event place', () => {
  it('says where it was, and how far the nearest fix is from the event when over a minute', () => {
    expect(placeText(shown({}), NOW)).toBe(`Shown on the map where it was at ${timeOfDayText(AT)}.`);
    const later = AT + 4 * 60_000;
    expect(placeText(shown({ time: later }), NOW)).toBe(`Shown on the map where it was at ${timeOfDayText(later)} (the nearest fix, 4 min after the event).`);
    expect(placeText(shown({ source: 'stop', time: AT - 3_600_000 }), NOW)).toBe(`Shown on the map: it stood there from ${timeOfDayText(AT - 3_600_000)}.`);
  });

  it('says plainly when the map shows where the object is now instead', () => {
    expect(placeText(shown({ source: 'now', why: 'not_loaded' }), NOW)).toBe(`Its track at ${timeOfDayText(AT)} could not be loaded: the map shows where it is now.`);
    expect(placeText(shown({ source: 'now', why: 'no_track' }), NOW)).toBe(`Its track has no position near ${timeOfDayText(AT)}: the map shows where it is now.`);
    expect(pinText(place({ source: 'now' }), NOW)).toBe(`Alarm, Truck 12: where it is now (its place at ${timeOfDayText(AT)} is not known)`);
    expect(pinText(place({}), NOW)).toBe(`Alarm, Truck 12 · ${timeOfDayText(AT)}`);
  });

  it('names the date of an event from another day', () => {
    const tomorrow = NOW + 86_400_000;
    expect(placeText(shown({}), tomorrow)).toBe('Shown on the map where it was at 2026-11-24 14:03:12.');
    expect(placeText({ eventId: 1, objectId: 2, state: 'locating' }, NOW)).toBe('Finding where it happened…');
  });
});
