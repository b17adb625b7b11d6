import { describe, expect, it } from 'vitest';
import { cachedTzDate, fmtTime } from '../../../renderer/src/history/time-format';
import { tickLabel } from '../../../renderer/src/history/timeline-ticks';

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
