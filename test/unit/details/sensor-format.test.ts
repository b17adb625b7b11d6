import { describe, expect, it } from 'vitest';
import { readingText } from '../../../renderer/src/details/sensor-format';

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
