/**
 * Labels on the timeline's scale at round wall-clock times of the screen's zone (14:00,
 * 14:15, 1 Mar …), whatever the zoom, instead of evenly spaced odd minutes.
 */
import { TZDate } from '@date-fns/tz';
import { fmtTime } from '../time-format';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const STEPS = [MIN, 2 * MIN, 5 * MIN, 10 * MIN, 15 * MIN, 30 * MIN, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY];

export interface Tick {
  t: number;
  label: string;
}

/** Offset of `tz` from UTC at `ms`, in ms (positive east). */
function offsetAt(ms: number, tz: string): number {
  return -new TZDate(ms, tz).getTimezoneOffset() * MIN;
}

/** The smallest round step that leaves at least `minGap` px between labels. */
export function tickStep(span: number, width: number, minGap: number): number {
  const perPx = span / Math.max(1, width);
  return STEPS.find((s) => s / perPx >= minGap) ?? STEPS[STEPS.length - 1]!;
}

/** Ticks in [from, till] at multiples of the step in local time. */
export function ticks(from: number, till: number, tz: string, width: number, minGap = 90): Tick[] {
  const step = tickStep(till - from, width, minGap);
  const out: Tick[] = [];
  // Work in "local ms" (UTC + the zone's offset) so multiples of the step are round on the wall clock.
  // Weeks start on Mondays (1 Jan 1970, where the multiples count from, was a Thursday).
  const phase = step >= 7 * DAY ? 4 * DAY : 0;
  let local = Math.ceil((from + offsetAt(from, tz) - phase) / step) * step + phase;
  for (let guard = 0; guard < 1000; guard++, local += step) {
    let t = local - offsetAt(local - offsetAt(from, tz), tz);
    // Across a DST change the guess above may be an hour out; one correction settles it.
    t = local - offsetAt(t, tz);
    if (t > till) break;
    if (t < from) continue;
    out.push({ t, label: tickLabel(t, tz, step, out.length === 0) });
  }
  return out;
}

/** One scale label (the timeline's and the sensor charts'): 24-hour, the date where the day changes. */
/**
 * Labels already made: the timeline and every sensor chart label the same ticks again on
 * each redraw, and a zoned format costs tens of µs, which over a month's ticks adds up.
 */
const labels = new Map<string, string>();

export function tickLabel(t: number, tz: string, step: number, first: boolean): string {
  const key = `${t}|${tz}|${step}|${first ? 1 : 0}`;
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= 8192) labels.clear();
    labels.set(key, (label = makeTickLabel(t, tz, step, first)));
  }
  return label;
}

function makeTickLabel(t: number, tz: string, step: number, first: boolean): string {
  if (step >= DAY) return fmtTime(t, tz, 'd MMM');
  const time = fmtTime(t, tz, step < MIN ? 'HH:mm:ss' : 'HH:mm');
  return first || fmtTime(t, tz, 'HH:mm:ss') === '00:00:00' ? `${fmtTime(t, tz, 'd MMM')} ${time}` : time;
}
