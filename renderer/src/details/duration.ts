/** Durations and figures for today's statistics: "3 h 12 min", "184.2 km". */
import { numberText } from '../ui/format';

export function durationText(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '—';
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

export function numberWithUnit(v: number | undefined, unit: string, digits = 1): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  return `${numberText(v, digits)} ${unit}`;
}
