import { describe, expect, it } from 'vitest';
import { cachedTzDate, fmtEnd, fmtTime, offsetsText } from '../../../renderer/src/history/time-format';
import { tickLabel } from '../../../renderer/src/history/timeline/timeline-ticks';

describe('cached zoned dates and tick labels', () => {
  it('cachedTzDate asks once per timestamp and hands out copies', () => {
    let calls = 0;
    // Stands for uPlot.tzDate: the epoch shifted by the zone's offset (here a fixed +2 h).
    const toZoned = (d: Date) => {
      calls++;
      return new Date(d.getTime() + 7_200_000);
    };
    const tzDate = cachedTzDate('Europe/Prague', toZoned);
    const a = tzDate(1_700_000_000_000);
    expect(a.getTime()).toBe(1_700_007_200_000);
    a.setHours(0); // uPlot may move a date it was given
    expect(tzDate(1_700_000_000_000).getTime()).toBe(1_700_007_200_000);
    expect(calls).toBe(1);
    tzDate(1_700_000_060_000);
    expect(calls).toBe(2);
  });

  it('tickLabel answers the same when asked again, per zone', () => {
    const t = Date.UTC(2026, 10, 23, 23, 0, 0);
    const prague = tickLabel(t, 'Europe/Prague', 3_600_000, false);
    expect(prague).toBe(`${fmtTime(t, 'Europe/Prague', 'd MMM')} 00:00`);
    expect(tickLabel(t, 'Europe/Prague', 3_600_000, false)).toBe(prague);
    expect(tickLabel(t, 'UTC', 3_600_000, false)).toBe('23:00');
  });
});

describe('the zone caption across clock changes', () => {
  const DAY = 86_400_000;
  it('names one offset when none changes, and each one in order when the clocks do', () => {
    // Europe/Prague: summer time ends 25 Oct 2026 at 01:00 UTC and starts again 28 Mar 2027.
    expect(offsetsText(Date.UTC(2026, 6, 1), Date.UTC(2026, 6, 8), 'Europe/Prague')).toBe('UTC+02:00');
    expect(offsetsText(Date.UTC(2026, 7, 24), Date.UTC(2026, 10, 24), 'Europe/Prague')).toBe('UTC+02:00 → UTC+01:00');
    expect(offsetsText(Date.UTC(2026, 8, 1), Date.UTC(2026, 8, 1) + 400 * DAY, 'Europe/Prague')).toBe('UTC+02:00 → UTC+01:00 → UTC+02:00');
    // A change in the last hours of the interval still counts.
    expect(offsetsText(Date.UTC(2026, 9, 20), Date.UTC(2026, 9, 25, 2), 'Europe/Prague')).toBe('UTC+02:00 → UTC+01:00');
    expect(offsetsText(Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31), 'UTC')).toBe('UTC+00:00');
  });
});

describe('the end of a trip or stop', () => {
  it('is its time alone when it ends the day it began, in the zone shown', () => {
    const from = Date.UTC(2026, 10, 23, 20, 0);
    const till = Date.UTC(2026, 10, 23, 22, 30);
    expect(fmtEnd(from, till, 'UTC')).toBe('22:30');
    // 23:30 in Prague: still the same day there.
    expect(fmtEnd(from, till, 'Europe/Prague')).toBe('23:30');
    // In Tokyo it began on the 24th at 05:00 and ended at 07:30: the same day too.
    expect(fmtEnd(from, till, 'Asia/Tokyo')).toBe('07:30');
    // Past midnight in Prague: the days after are said.
    const late = Date.UTC(2026, 10, 23, 23, 30);
    expect(fmtEnd(from, late, 'Europe/Prague')).toBe('00:30 +1 d');
    expect(fmtEnd(from, late + 2 * 86_400_000, 'Europe/Prague')).toBe('00:30 +3 d');
    expect(fmtEnd(from, late, 'UTC')).toBe('23:30');
  });
});
