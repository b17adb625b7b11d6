import { describe, expect, it } from 'vitest';
import type { HistoryViolations } from '../../../common/methods/history';
import { accelerationText, readViolations, violationDetail } from '../../../renderer/src/history/model/violations';

const H = 3600_000;
const DAY = 24 * H;

function win(from: number, till: number, faulty: boolean, braking: { Time: number; Value: number }[] = []): HistoryViolations {
  return {
    from,
    till,
    violations: {
      SpeedViolations: [],
      AccelerationViolations: [],
      BrakingViolations: braking.map((b) => ({ ...b, Lat: 52.5, Lng: 13.4 })),
      TurningViolations: [],
      AccelerometerFaulty: faulty,
    } as unknown as HistoryViolations['violations'],
  };
}

describe('AccelerometerFaulty periods', () => {
  it('joins the touching, overlapping and repeated windows of a 3-month load into one period', () => {
    const from = 0;
    const now = 92 * DAY + 9 * H;
    // As the audit saw them: 12-day windows end to end, then the last stretch read twice.
    const windows: HistoryViolations[] = [];
    for (let t = from; t < 84 * DAY; t += 12 * DAY + H) windows.push(win(t, t + 12 * DAY + H, true));
    const lastEnd = windows[windows.length - 1]!.till;
    windows.push(win(lastEnd, now - 11 * 60_000, true));
    windows.push(win(now - 11 * 60_000, now, true));
    windows.push(win(now - 11 * 60_000, now, true));
    const { faulty } = readViolations(windows, null, from, now);
    expect(faulty.map((w) => [w.from, w.till])).toEqual([[from, now]]);
  });

  it('keeps apart periods with a sound window between them, and clips to the interval', () => {
    const windows = [win(0, 10 * DAY, true), win(10 * DAY, 20 * DAY, false), win(20 * DAY, 30 * DAY, true), win(25 * DAY, 28 * DAY, true)];
    const { faulty } = readViolations(windows, null, 2 * DAY, 27 * DAY);
    expect(faulty.map((w) => [w.from, w.till])).toEqual([
      [2 * DAY, 10 * DAY],
      [20 * DAY, 27 * DAY],
    ]);
    // The windows handed in are not changed.
    expect(windows[0]!.from).toBe(0);
  });
});

describe('harsh manoeuvre readings', () => {
  it('carry a unit', () => {
    const { list } = readViolations([win(0, DAY, false, [{ Time: H, Value: 3.1 }, { Time: 2 * H, Value: 0.42 }])], null, 0, DAY);
    expect(list.map(violationDetail)).toEqual(['3.1 m/s²', '0.42 g']);
  });

  it('tell m/s² from g by size: no road vehicle manoeuvres at 1.5 g, none is harsh under 2.5 m/s²', () => {
    expect(accelerationText(4.25)).toBe('4.3 m/s²');
    expect(accelerationText(2)).toBe('2 m/s²');
    expect(accelerationText(1.5)).toBe('1.5 g');
    expect(accelerationText(0.35)).toBe('0.35 g');
    expect(accelerationText(-3.2)).toBe('-3.2 m/s²');
  });
});
