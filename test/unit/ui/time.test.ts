import { describe, expect, it } from 'vitest';
import { dateTimeText, isValidDay, momentText, parseDateMinute, sharedZone, zoneFor, zoneNote } from '../../../renderer/src/ui/time';
import { computerZone } from '../../../renderer/src/ui/time';

// 2026-11-25 19:00 UTC: 20:00 in Berlin, 13:00 in Chicago, 04:00 next day in Tokyo.
const PHOTO = Date.UTC(2026, 10, 25, 19, 0, 0);

describe('one rule for how a time reads (ui/time)', () => {
  it('is the object’s zone when it has a valid one, else this computer’s', () => {
    expect(zoneFor({ TimeZone: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(zoneFor({ TimeZone: 'Mars/Olympus' })).toBe(computerZone());
    expect(zoneFor({})).toBe(computerZone());
    expect(zoneFor(null)).toBe(computerZone());
    // Objects not in the (here empty) fleet list: this computer's.
    expect(sharedZone([1, 2])).toBe(computerZone());
  });

  it('reads 24-hour with the date first, in the zone given', () => {
    expect(dateTimeText(PHOTO, 'Europe/Berlin')).toBe('2026-11-25 20:00:00');
    expect(dateTimeText(PHOTO, 'America/Chicago')).toBe('2026-11-25 13:00:00');
    expect(zoneNote(PHOTO, 'Europe/Berlin')).toBe('2026-11-25 20:00:00 Europe/Berlin (UTC+01:00)');
  });

  it('drops the date only for a time from today in that zone', () => {
    const evening = Date.UTC(2026, 10, 25, 21, 0, 0);
    expect(momentText(PHOTO, 'Europe/Berlin', evening)).toBe('20:00:00');
    // In Tokyo the photo was taken on the 26th and it is still the 26th there: today.
    expect(momentText(PHOTO, 'Asia/Tokyo', evening)).toBe('04:00:00');
    // Past midnight in Berlin (23:30 UTC = 00:30 on the 26th): the photo is from yesterday.
    const afterMidnight = Date.UTC(2026, 10, 25, 23, 30, 0);
    expect(momentText(PHOTO, 'Europe/Berlin', afterMidnight)).toBe('2026-11-25 20:00:00');
    expect(momentText(PHOTO, 'America/Chicago', afterMidnight)).toBe('13:00:00');
    expect(momentText(Number.NaN, 'UTC', evening)).toBe('—');
  });

  it('reads typed dates as wall time in the zone, and refuses what is no such date', () => {
    expect(parseDateMinute('2026-11-25 20:00', 'Europe/Berlin')).toBe(PHOTO);
    expect(parseDateMinute(' 2026-11-25T20:00 ', 'Europe/Berlin')).toBe(PHOTO);
    expect(parseDateMinute('2026-11-25 20:00', 'America/Chicago')).toBe(Date.UTC(2026, 10, 26, 2, 0, 0));
    for (const bad of ['11/25/2026 08:00 PM', '2026-11-31 10:00', '2026-11-25 24:00', '2026-11-25', '', '2026-1-5 10:00'])
      expect(parseDateMinute(bad, 'UTC')).toBeNull();
    expect(isValidDay('2028-02-29')).toBe(true);
    for (const bad of ['2027-02-29', '12/31/2026', '2026-12-1', '']) expect(isValidDay(bad)).toBe(false);
  });
});
