/**
 * The interval presets, in the user's own time zone (the one the console runs in): today,
 * yesterday, this and last week (weeks start on Monday), this and last month. "Today" and
 * the current week and month end now, not at midnight: the service has nothing later.
 */
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

export const PRESETS = ['today', 'yesterday', 'this-week', 'last-week', 'this-month', 'last-month', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

/** Each preset's name is `reports:preset.<preset>`. */

export interface Interval {
  from: number;
  till: number;
}

export function presetInterval(p: Exclude<Preset, 'custom'>, now: number): Interval {
  const d = new Date(now);
  const week = (x: Date) => startOfWeek(x, { weekStartsOn: 1 });
  switch (p) {
    case 'today':
      return { from: startOfDay(d).getTime(), till: now };
    case 'yesterday':
      return { from: addDays(startOfDay(d), -1).getTime(), till: startOfDay(d).getTime() };
    case 'this-week':
      return { from: week(d).getTime(), till: now };
    case 'last-week':
      return { from: addWeeks(week(d), -1).getTime(), till: week(d).getTime() };
    case 'this-month':
      return { from: startOfMonth(d).getTime(), till: now };
    case 'last-month':
      return { from: addMonths(startOfMonth(d), -1).getTime(), till: startOfMonth(d).getTime() };
  }
}

/** A `datetime-local` input's value for `ms`, in the user's zone, and back. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
export function fromLocalInput(v: string): number | null {
  const t = new Date(v).getTime();
  return Number.isFinite(t) ? t : null;
}
