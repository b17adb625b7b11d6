import { describe, expect, it } from 'vitest';
import { checkTrack, haversineKm } from '../../../main/core/history-import/checks';
import type { ReadPoint } from '../../../main/core/history-import/types';

const T0 = Date.UTC(2026, 10, 20, 10);
// ~0.0009° of latitude is ~100 m: 30 s apart that is 12 km/h.
const pt = (row: number, s: number, lat: number, lng = 13.4, extra: Partial<ReadPoint> = {}): ReadPoint => ({ row, time: T0 + s * 1000, lat, lng, ...extra });

describe('checkTrack', () => {
  it('rejects each bad row with its number and reason, judging against the last accepted point', () => {
    const r = checkTrack([
      pt(2, 0, 52.5),
      pt(3, 30, 52.5009),
      pt(4, 30, 52.5009),           // duplicate
      pt(5, 20, 52.5012),           // earlier than row 3
      pt(6, 60, 91),                // latitude out of range
      pt(7, 90, 53.5),              // ~110 km in 60 s
      pt(8, 90, 52.5018),           // fine: judged against row 3, not row 7
      pt(9, 120, 0, 0),
      pt(10, 150, 52.5, 13.4, { error: 'no time' }),
      pt(11, 180, 52.5027, 13.4, { speed: 900 }),
    ]);
    expect(r.accepted.map((a) => a.row)).toEqual([2, 3, 8]);
    expect(r.rejected.map((x) => [x.row, x.reason])).toEqual([
      [4, 'duplicate of row 3'],
      [5, expect.stringMatching(/earlier than row 3/)],
      [6, 'latitude 91 is outside -90…90'],
      [7, expect.stringMatching(/km\/h from row 3 is not physically plausible/)],
      [9, expect.stringMatching(/0, 0/)],
      [10, 'no time'],
      [11, expect.stringMatching(/speed 900 km\/h/)],
    ]);
  });

  it('lists gaps without rejecting, and sums points, interval and distance', () => {
    const r = checkTrack([pt(1, 0, 52.5), pt(2, 30, 52.5009), pt(3, 60, 52.5018), pt(4, 3600, 52.5027)], { gapMs: 600_000 });
    expect(r.rejected).toEqual([]);
    expect(r.gaps).toEqual([{ afterRow: 3, from: T0 + 60_000, till: T0 + 3_600_000 }]);
    expect(r.summary).toMatchObject({ points: 4, rejected: 0, from: T0, till: T0 + 3_600_000, intervalMs: 30_000, gaps: 1 });
    expect(r.summary.distanceKm).toBeCloseTo(haversineKm({ lat: 52.5, lng: 13.4 }, { lat: 52.5027, lng: 13.4 }), 3);
  });

  it('same time with another position is rejected, and points after now are refused when asked', () => {
    const r = checkTrack([pt(1, 0, 52.5), pt(2, 0, 52.5001), pt(3, 7200, 52.51)], { now: T0 + 3600_000 });
    expect(r.rejected.map((x) => x.reason)).toEqual(['same time as row 1 with another position', expect.stringMatching(/in the future/)]);
  });

  it('haversine: one degree of latitude is about 111 km', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 0);
  });
});
