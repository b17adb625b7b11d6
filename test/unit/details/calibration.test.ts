import { describe, expect, it } from 'vitest';
import { calibrate, calibrationPoints } from '../../../renderer/src/details/calibration';
import { readingText } from '../../../renderer/src/details/sensor-format';

describe('calibration', () => {
  const table = calibrationPoints([
    { X: 0, Y: 0 },
    { X: 4095, Y: 400 },
    { X: 2048, Y: 180 },
  ]);

  it('sorts points by raw value and interpolates linearly between neighbours', () => {
    expect(table.map((p) => p.x)).toEqual([0, 2048, 4095]);
    expect(calibrate(table, 1024)).toBeCloseTo(90, 6);
    expect(calibrate(table, 2048)).toBe(180);
    expect(calibrate(table, 3071.5)).toBeCloseTo(290, 6);
  });

  it('holds the end values outside the table instead of extrapolating', () => {
    expect(calibrate(table, -50)).toBe(0);
    expect(calibrate(table, 5000)).toBe(400);
  });

  it('needs at least two usable points', () => {
    expect(calibrate(calibrationPoints([]), 10)).toBeNull();
    expect(calibrate(calibrationPoints([{ X: 1, Y: 2 }]), 10)).toBeNull();
    expect(calibrate(table, Number.NaN)).toBeNull();
  });

  it('accepts lower-case and pair shapes, drops junk, and keeps one point per raw value', () => {
    const pts = calibrationPoints([{ x: 10, y: 1 }, [20, 2], { X: 'a', Y: 1 }, null, 7, { X: 10, Y: 5 }]);
    expect(pts).toEqual([
      { x: 10, y: 5 },
      { x: 20, y: 2 },
    ]);
  });

  it('matches the simulator table shape (9 points over 0..4095)', () => {
    const sim = Array.from({ length: 9 }, (_, i) => ({ X: Math.round((4095 * i) / 8), Y: Math.round(300 * Math.pow(i / 8, 1.08) * 10) / 10 }));
    const pts = calibrationPoints(sim);
    expect(calibrate(pts, 4095)).toBe(300);
    const mid = calibrate(pts, 2047)!;
    expect(mid).toBeGreaterThan(sim[3]!.Y);
    expect(mid).toBeLessThan(sim[4]!.Y + 0.5);
  });
});

describe('readingText', () => {
  const base = { Id: 1, Name: 's' };
  it('uses OnText/OffText for discrete inputs', () => {
    expect(readingText({ ...base, DataType: 1, OnText: 'Open', OffText: 'Closed' }, 1).text).toBe('Open');
    expect(readingText({ ...base, DataType: 1, OnText: 'Open', OffText: 'Closed' }, 0).text).toBe('Closed');
    expect(readingText({ ...base, DataType: 1 }, 1).text).toBe('On');
  });
  it('calibrates and adds units, keeping the raw value for the tooltip', () => {
    const r = readingText({ ...base, Units: 'l', CalibrationTable: [{ X: 0, Y: 0 }, { X: 100, Y: 50 }] }, 40);
    expect(r.text).toBe('20 l');
    expect(r.raw).toBe('40');
  });
  it('shows plain values with units, and says when there is none', () => {
    expect(readingText({ ...base, Units: 'V' }, 24.123).text).toBe('24.1 V');
    expect(readingText({ ...base, Units: 'V' }, null).text).toBe('no reading');
  });
});
