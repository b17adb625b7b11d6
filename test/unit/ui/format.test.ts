import { describe, expect, it } from 'vitest';
import { ageText, numberText, readingNumberText } from '../../../renderer/src/ui/format';

describe('ui/format', () => {
  it('counts as Number#toLocaleString gives them', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 50_000, 1_234_567, -42]) expect(numberText(n)).toBe(n.toLocaleString());
  });

  it('numbers with at most so many fraction digits as toLocaleString gives them', () => {
    for (const digits of [0, 1, 2, 3])
      for (const n of [0, 0.004, 1.25, 12.345, 412.5, 1234.5678, -7.06, 98_765.4321])
        expect(numberText(n, digits)).toBe(n.toLocaleString(undefined, { maximumFractionDigits: digits }));
  });

  it('readings with the digits their size carries and no trailing zeros', () => {
    const as = (n: number, digits: number) => n.toLocaleString(undefined, { maximumFractionDigits: digits });
    for (const [n, digits] of [[412.5, 0], [-150.2, 0], [100, 0], [24.123, 1], [-10.06, 1], [8.8, 2], [8.804, 2], [0.25, 2], [-3.14159, 2], [0, 2]] as const)
      expect(readingNumberText(n)).toBe(as(n, digits));
    // "8.80 °C" was the History screen's toFixed beside the details panel's "8.8 °C".
    expect(readingNumberText(8.8)).toBe(as(8.8, 1));
  });

  it('ages in whole units, never negative, "never" for no time', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(ageText(0, now)).toBe('never');
    expect(ageText(null, now)).toBe('never');
    expect(ageText(now + 5_000, now)).toBe('0 s ago');
    expect(ageText(now - 59_400, now)).toBe('59 s ago');
    expect(ageText(now - 61_000, now)).toBe('1 min ago');
    expect(ageText(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(ageText(now - 3 * 86_400_000, now)).toBe('3 d ago');
  });
});
