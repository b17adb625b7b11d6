/**
 * A report in the operator's units (Settings): miles and gallons on screen, the CSV keeping the
 * core's kilometres and litres with a header that says so; hours and a sensor's own unit as sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportColumn } from '../../../common/methods/reports';
import '../../../renderer/src/i18n';
import { cellText, headerText } from '../../../renderer/src/reports/format';
import { DEFAULT_PREFERENCES, preferences } from '../../../renderer/src/stores/preferences';

const mileage: ReportColumn = { id: 'mileage', label: 'Mileage', type: 'number', unit: 'km', sums: true };
const fuel: ReportColumn = { id: 'fuelUsed', label: 'Fuel used', type: 'number', unit: 'l' };
const hours: ReportColumn = { id: 'engineHours', label: 'Engine hours', type: 'number', unit: 'h' };
const sensorFuel: ReportColumn = { id: 'fuelUsed', label: 'Fuel used', type: 'number', unit: '%' };

afterEach(() => preferences.apply({ ...DEFAULT_PREFERENCES }));

describe('report units', () => {
  it('are the service units by default', () => {
    expect(cellText(mileage, 160.9344, undefined)).toBe('160.93');
    expect(headerText(mileage)).toMatch(/\bkm\b/);
  });
  it('follow the operator: miles and gallons on screen, the core units in the CSV header', () => {
    preferences.apply({ ...DEFAULT_PREFERENCES, distanceUnit: 'mi', volumeUnit: 'gal' });
    expect(cellText(mileage, 160.9344, undefined)).toBe('100');
    expect(headerText(mileage)).toMatch(/\bmi\b/);
    expect(headerText(mileage, false, false)).toMatch(/\bkm\b/);
    expect(cellText(fuel, 37.85411784, undefined)).toBe('10');
    expect(headerText(fuel)).toMatch(/\bgal\b/);
    expect(cellText(hours, 12.5, undefined)).toBe('12.5');
    expect(cellText(sensorFuel, 40, undefined)).toBe('40');
  });
});
