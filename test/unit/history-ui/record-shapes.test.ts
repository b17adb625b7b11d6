import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { cutShortNote, recordsShape } from '../../../renderer/src/history/records/record-shapes';

const at = (h: number, m: number) => new TZDate(2026, 10, 12, h, m, 0, 'Europe/Berlin').getTime();
const table = (s: ReturnType<typeof recordsShape>, tz: string) => ({ headers: s.columns.map((c) => c.header), cells: s.rows.map((r) => s.columns.map((c) => c.cell(r, tz))) });

describe('catalogue record tables', () => {
  it('driver sessions: the driver by name with its key, times in the screen zone and a duration; no ids', () => {
    const t = table(recordsShape('sessions', [{ ObjectId: 1, DriverId: 4, DriverName: 'Jonas Garcia', UId: '1CCC2BCC03B8C629', From: at(7, 30), Till: at(17, 0) }]), 'Europe/Berlin');
    expect(t.headers).toEqual(['Driver', 'From', 'To', 'Duration']);
    expect(t.cells).toEqual([['Jonas Garcia (key 1CCC2BCC03B8C629)', '2026-11-12 07:30', '2026-11-12 17:00', '9 h 30 min']]);
    // Another zone, the same moments.
    expect(table(recordsShape('sessions', [{ DriverName: 'X', From: at(7, 30), Till: at(17, 0) }]), 'UTC').cells[0]!.slice(0, 3)).toEqual(['X', '2026-11-12 06:30', '2026-11-12 16:00']);
    // A key no driver holds stays its UId.
    expect(table(recordsShape('sessions', [{ DriverId: 0, UId: 'AB12CD34', From: 0, Till: 1 }]), 'UTC').cells[0]![0]).toBe('AB12CD34');
  });

  it('parkings and engine: one row per parking or engine interval, in time order, durations in hours and minutes', () => {
    const t = table(
      recordsShape('parkings', [
        {
          ObjectId: 1,
          Parkings: [{ From: at(11, 0), Till: at(16, 49) + 37_000, Duration: 20_977, Lat: 48.133599, Lng: 11.55081 }],
          EngineIntervals: [{ From: at(8, 0), Till: at(11, 0), Duration: 10_800 }],
        },
      ]),
      'Europe/Berlin',
    );
    expect(t.headers).toEqual(['What', 'From', 'To', 'Duration', 'Place']);
    expect(t.cells).toEqual([
      ['Engine on', '2026-11-12 08:00', '2026-11-12 11:00', '3 h 00 min', ''],
      ['Parked', '2026-11-12 11:00', '2026-11-12 16:49', '5 h 49 min', '48.13360, 11.55081'],
    ]);
  });

  it('raw packets: when received and the packet as sent; bare strings too', () => {
    const t = table(recordsShape('packets', [{ ObjectId: 1, Time: at(9, 15), Raw: '$GPRMC,081500.00,A*5F' }, '$GPRMC,bare']), 'Europe/Berlin');
    expect(t.headers).toEqual(['Received', 'Packet']);
    expect(t.cells).toEqual([
      ['2026-11-12 09:15:00', '$GPRMC,081500.00,A*5F'],
      ['', '$GPRMC,bare'],
    ]);
  });

  it('keeps fields it does not know, under their own names', () => {
    expect(table(recordsShape('sessions', [{ ObjectId: 1, DriverName: 'A', From: 0, Till: 1, Shift: 'night' }]), 'UTC').headers).toEqual(['Driver', 'From', 'To', 'Duration', 'Shift']);
  });
});

describe('a table cut short', () => {
  it('says what is shown (packets, days, up to when), in the screen zone, and why it stops', () => {
    const till = new TZDate(2026, 7, 31, 0, 0, 0, 'Europe/Berlin').getTime();
    const week = cutShortNote(till, 'Europe/Berlin', 1500, 7);
    expect(week).toContain('up to 2026-08-31 00:00');
    expect(week).toContain('Showing 1,500 packets from the first 7 days');
    expect(week).toMatch(/7 days were asked for/);
    // Stopped by the packet cap after one day: one day is what it says, not seven.
    const day = cutShortNote(till, 'Europe/Berlin', 2400, 1);
    expect(day).toContain('Showing 2,400 packets from the first day');
    expect(day).toMatch(/2000 packets were reached/);
    expect(day).not.toMatch(/7 days/);
  });
});
