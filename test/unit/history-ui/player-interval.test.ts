import { describe, expect, it } from 'vitest';
import { formatLocal, parseLocal, quickInterval, validTimeZone } from '../../../renderer/src/history/interval';
import { advance, spanAt } from '../../../renderer/src/history/replay/player';
import { splitRange } from '../../../renderer/src/history/records/record-windows';
import { readViolations, violationDetail } from '../../../renderer/src/history/model/violations';

describe('player clock', () => {
  it('advances speed × elapsed, dropping nothing', () => {
    let t = 0;
    // 60 frames of 16.67 ms at 1000×: one real second is 1000 simulated seconds.
    for (let i = 0; i < 60; i++) t = advance(t, 1000 / 60, 1000, 1e12);
    expect(t).toBeCloseTo(1_000_000, 3);
  });
  it('stops at the end and skips parkings when asked', () => {
    expect(advance(90, 10, 10, 150)).toBe(150);
    const parkings = [
      { from: 100, till: 200 },
      { from: 300, till: 400 },
    ];
    expect(advance(95, 1, 10, 1000, parkings, false)).toBe(105);
    expect(advance(95, 1, 10, 1000, parkings, true)).toBe(200);
    expect(spanAt(parkings, 350)).toBe(parkings[1]);
    expect(spanAt(parkings, 250)).toBeNull();
  });
});

describe('intervals in a time zone', () => {
  const now = Date.UTC(2026, 2, 10, 1, 30); // 10 Mar 01:30 UTC = 10 Mar 10:30 in Tokyo, 9 Mar 18:30 in Los Angeles
  it('today starts at the zone’s midnight and ends now', () => {
    expect(quickInterval('today', now, 'Asia/Tokyo')).toEqual({ from: Date.UTC(2026, 2, 9, 15), till: now });
    expect(quickInterval('today', now, 'America/Los_Angeles').from).toBe(Date.UTC(2026, 2, 9, 7));
  });
  it('yesterday is a whole day, last 7 days counts today', () => {
    expect(quickInterval('yesterday', now, 'UTC')).toEqual({ from: Date.UTC(2026, 2, 9), till: Date.UTC(2026, 2, 10) });
    expect(quickInterval('last7', now, 'UTC').from).toBe(Date.UTC(2026, 2, 4));
    expect(quickInterval('month', now, 'UTC').from).toBe(Date.UTC(2026, 2, 1));
    expect(quickInterval('last3months', now, 'UTC').from).toBe(Date.UTC(2025, 11, 10));
  });
  it('reads and writes wall times in a zone', () => {
    const t = parseLocal('2026-07-01T12:00', 'Europe/Berlin')!;
    expect(t).toBe(Date.UTC(2026, 6, 1, 10));
    expect(formatLocal(t, 'Europe/Berlin')).toBe('2026-07-01 12:00');
    expect(parseLocal('2026-07-01 12:00', 'Europe/Berlin')).toBe(t);
    expect(parseLocal('2026-04-31 12:00', 'UTC')).toBeNull();
    expect(parseLocal('nonsense', 'UTC')).toBeNull();
  });
});

describe('time zone names from the server', () => {
  it('takes the ones the platform knows and refuses the rest, the same on every asking', () => {
    for (let round = 0; round < 2; round++) {
      expect(validTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
      expect(validTimeZone('Mars/Olympus_Mons')).toBeNull();
      expect(validTimeZone('')).toBeNull();
      expect(validTimeZone(undefined)).toBeNull();
    }
  });
});

describe('catalogue records', () => {
  it('splits long ranges into windows the service accepts', () => {
    const D = 86_400_000;
    expect(splitRange(0, 45 * D)).toEqual([
      [0, 28 * D],
      [28 * D, 45 * D],
    ]);
    expect(splitRange(0, D)).toEqual([[0, D]]);
  });
});

describe('violations', () => {
  it('reads any letter case, drops repeats of overlapping windows, keeps the faulty periods', () => {
    const v = {
      SpeedViolations: [{ Time: 10, Speed: 112, MaxSpeed: 90, Lat: 50, Lng: 10 }],
      AccelerationViolations: [],
      BrakingViolations: [{ time: 20, value: 4.2, lat: 50, lng: 10 }],
      TurningViolations: ['junk'],
      AccelerometerFaulty: true,
    };
    const r = readViolations(
      [
        { from: 0, till: 100, violations: v },
        { from: 50, till: 150, violations: { ...v, AccelerometerFaulty: false } },
      ],
      null,
      0,
      150,
    );
    expect(r.list.map((x) => [x.kind, violationDetail(x)])).toEqual([
      ['speed', '112 km/h, limit 90'],
      ['braking', '4.2 m/s²'],
    ]);
    expect(r.faulty).toHaveLength(1);
  });
});
