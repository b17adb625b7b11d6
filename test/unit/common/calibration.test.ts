import { describe, expect, it } from 'vitest';
import { calibrate, calibrateAll, readCalibration } from '../../../common/calibration';
import { readingText } from '../../../renderer/src/details/sensor-format';
import { sensorText, sensorViews } from '../../../renderer/src/history/model/sensors';

describe('calibration', () => {
  const table = readCalibration([
    { X: 0, Y: 0 },
    { X: 4095, Y: 400 },
    { X: 2048, Y: 180 },
  ])!;

  it('sorts points by raw value and interpolates linearly between neighbours', () => {
    expect([...table.x]).toEqual([0, 2048, 4095]);
    expect(calibrate(table, 1024)).toBeCloseTo(90, 6);
    expect(calibrate(table, 2048)).toBe(180);
    expect(calibrate(table, 3071.5)).toBeCloseTo(290, 6);
  });

  it('holds the end values outside the table instead of extrapolating', () => {
    expect(calibrate(table, -50)).toBe(0);
    expect(calibrate(table, 5000)).toBe(400);
  });

  it('needs at least two usable points, and a number to read', () => {
    expect(readCalibration(undefined)).toBeNull();
    expect(readCalibration([])).toBeNull();
    expect(readCalibration([{ X: 1, Y: 2 }])).toBeNull();
    expect(readCalibration([{ a: 1 }, { b: 2 }])).toBeNull();
    // Two elements for the same raw value are one point.
    expect(readCalibration([{ X: 1, Y: 2 }, { X: 1, Y: 3 }])).toBeNull();
    expect(calibrate(table, Number.NaN)).toBeNaN();
  });

  it('reads every element shape servers send, skips junk, and keeps the last point per raw value', () => {
    const c = readCalibration([{ x: 10, y: 1 }, [20, 2], { In: 30, Out: 3 }, { RAW: 40, Value: 4 }, { code: 50, level: 5 }, { X: 'a', Y: 1 }, null, 7, [1], { X: 10, Y: 5 }])!;
    expect([...c.x]).toEqual([10, 20, 30, 40, 50]);
    expect([...c.y]).toEqual([5, 2, 3, 4, 5]);
  });

  it('calibrates a whole series as it calibrates one reading, and passes a series through without a table', () => {
    const raw = Float64Array.from([-10, 0, 1000, 2048, 4000, 9000]);
    expect([...calibrateAll(table, raw)]).toEqual([...raw].map((v) => calibrate(table, v)));
    expect(calibrateAll(null, raw)).toBe(raw);
  });
});

describe('a sensor reads the same on both screens', () => {
  // The simulator's fuel probe: 12-bit raw readings over a slightly curved 300 l tank.
  const fuel = {
    Id: 7,
    Name: 'Fuel level',
    Units: 'l',
    DataType: 2,
    CalibrationTable: Array.from({ length: 9 }, (_, i) => ({ X: Math.round((4095 * i) / 8), Y: Math.round(300 * Math.pow(i / 8, 1.08) * 10) / 10 })),
  };
  const temperature = { Id: 8, Name: 'Temperature', Units: '°C', DataType: 0, CalibrationTable: [] };

  it('the details panel and the History readout give the same text for the same raw reading', () => {
    const raws = [-5, 0, 3, 511.9, 2047, 4095, 4200];
    const temps = [-12.345, 0, 8.8, 8.801, 10.75, 99.96, 123.4];
    const views = sensorViews(
      [fuel, temperature],
      [
        { sensorId: 7, time: Float64Array.from(raws, (_, i) => i), value: Float64Array.from(raws) },
        { sensorId: 8, time: Float64Array.from(temps, (_, i) => i), value: Float64Array.from(temps) },
      ],
    );
    const fuelView = views.find((v) => v.id === 7)!;
    const tempView = views.find((v) => v.id === 8)!;
    raws.forEach((raw, i) => expect(sensorText(fuelView, fuelView.series.value[i]!)).toBe(readingText(fuel, raw).text));
    temps.forEach((t, i) => expect(sensorText(tempView, tempView.series.value[i]!)).toBe(readingText(temperature, t).text));
    // Past the tank's ends the gauge stays at empty and full on both.
    expect(readingText(fuel, 4200).text).toBe(readingText(fuel, 4095).text);
    expect(readingText(fuel, -5).text).toBe(readingText(fuel, 0).text);
  });
});
