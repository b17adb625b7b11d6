/** Durations and figures for today's statistics: "3 h 12 min", "184.2 km" (the unit given in the screen's language). */
import { numberText } from '../ui/format';
import { i18n } from '../i18n';

export function durationText(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '—';
  const m = Math.round(seconds / 60);
  if (m < 60) return i18n.t('details:units.min', { m });
  const h = Math.floor(m / 60);
  return m % 60 ? i18n.t('details:units.hmin', { h, m: m % 60 }) : i18n.t('details:units.h', { h });
}

export function numberWithUnit(v: number | undefined, unit: string, digits = 1): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  return `${numberText(v, digits)} ${unit}`;
}
