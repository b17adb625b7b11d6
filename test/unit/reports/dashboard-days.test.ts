/**
 * The dashboard's day-by-day trend for a fleet in several zones: each object's day starts at its
 * own midnight, and the chart sums a date's days under that date.
 */
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardDay } from '../../../common/methods/reports';
import '../../../renderer/src/i18n';
import { dashboardModel, dateOf } from '../../../renderer/src/reports/dashboard-model';

const H = 3_600_000;
const NOV_23 = Date.UTC(2026, 10, 23);
const day = (objectId: number, start: number, km: number): DashboardDay => ({ objectId, day: start, km, engine: 0, move: 0, park: 0, idle: 0, fuel: 0, maxSpeed: 0 });

describe('the dashboard by date', () => {
  it('names a day by its date in the chart’s zone, whatever zone the object’s midnight is in', () => {
    // 23 November in Vilnius (UTC+2), in New York (UTC-5) and in UTC.
    for (const start of [NOV_23 - 2 * H, NOV_23 + 5 * H, NOV_23]) {
      expect(dateOf(start, 'UTC')).toBe(NOV_23);
      expect(dateOf(start, 'Europe/Vilnius')).toBe(NOV_23 - 2 * H);
    }
    expect(dateOf(NOV_23 + 22 * H, 'UTC')).toBe(NOV_23 + 24 * H);
  });

  it('sums the objects’ days of one date into one point of the trend', () => {
    const d: Dashboard = {
      from: NOV_23,
      till: NOV_23 + 48 * H,
      objectIds: [1, 2, 3],
      days: [day(1, NOV_23 - 2 * H, 10), day(2, NOV_23 + 5 * H, 20), day(3, NOV_23, 30), day(1, NOV_23 + 22 * H, 1), day(3, NOV_23 + 24 * H, 2)],
      names: {},
      groups: [],
      speeding: {},
      fetchedAt: NOV_23 + 48 * H,
    };
    const m = dashboardModel(d, 'UTC');
    expect(m.perDay.map((p) => [p.day, p.km])).toEqual([
      [NOV_23, 60],
      [NOV_23 + 24 * H, 3],
    ]);
    expect(m.total.km).toBe(63);
  });
});
