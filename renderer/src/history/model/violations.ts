/**
 * Violations: the service does not document their element shape, so each element is read
 * tolerantly (Time, Lat/Lng, Speed/Value in any letter case) and placed on the track by
 * its time when it carries no position.
 */
import type { HistoryViolations } from '../../../../common/methods/history';
import { i18n } from '../../i18n';
import { numberText, speedText, toSpeed } from '../../ui/format';
import { fixAt, type TrackModel } from './track-model';

export type ViolationKind = 'speed' | 'acceleration' | 'braking' | 'turning';

/** The kind in the operator's language, asked when drawn. */
export function violationLabel(kind: ViolationKind): string {
  return i18n.t(`history:violations.kind.${kind}`);
}

const KEYS: [ViolationKind, string][] = [
  ['speed', 'SpeedViolations'],
  ['acceleration', 'AccelerationViolations'],
  ['braking', 'BrakingViolations'],
  ['turning', 'TurningViolations'],
];

export interface Violation {
  kind: ViolationKind;
  time: number;
  lat: number;
  lng: number;
  /** The reading the service gave: a speed (km/h) with its limit, or an acceleration (`violationDetail` says it). */
  speed?: number | undefined;
  limit?: number | undefined;
  value?: number | undefined;
}

function field(o: Record<string, unknown>, ...names: string[]): number | undefined {
  for (const k of Object.keys(o)) {
    if (names.includes(k.toLowerCase())) {
      const v = o[k];
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
  }
  return undefined;
}

export function readViolations(windows: readonly HistoryViolations[], m: TrackModel | null, from: number, till: number): { list: Violation[]; faulty: HistoryViolations[] } {
  const list: Violation[] = [];
  const seen = new Set<string>();
  for (const w of windows) {
    const v = w.violations as unknown as Record<string, unknown>;
    for (const [kind, key] of KEYS) {
      const arr = v[key];
      if (!Array.isArray(arr)) continue;
      for (const el of arr) {
        if (!el || typeof el !== 'object') continue;
        const o = el as Record<string, unknown>;
        const time = field(o, 'time', 'from', 'start');
        if (time === undefined || time < from || time >= till) continue;
        let lat = field(o, 'lat', 'latitude');
        let lng = field(o, 'lng', 'lon', 'longitude');
        if ((lat === undefined || lng === undefined) && m) {
          const f = fixAt(m, time);
          lat = f?.lat;
          lng = f?.lng;
        }
        if (lat === undefined || lng === undefined) continue;
        const id = `${kind}:${time}`;
        // Overlapping windows repeat the same violation.
        if (seen.has(id)) continue;
        seen.add(id);
        const speed = field(o, 'speed');
        const limit = field(o, 'maxspeed', 'limit');
        const value = field(o, 'value');
        list.push({ kind, time, lat, lng, speed, limit, value });
      }
    }
  }
  list.sort((a, b) => a.time - b.time);
  return { list, faulty: faultyPeriods(windows, from, till) };
}

/** A violation's reading in words ("112 km/h, limit 90", "4.2 m/s²", "0.35 g"), or ''. */
export function violationDetail(v: Pick<Violation, 'speed' | 'limit' | 'value'>): string {
  if (v.speed !== undefined) return v.limit !== undefined ? i18n.t('history:violations.speedLimit', { speed: speedText(v.speed), limit: Math.round(toSpeed(v.limit)) }) : speedText(v.speed);
  return v.value !== undefined ? accelerationText(v.value) : '';
}

/**
 * A harsh manoeuvre's reading with its unit. The interface shows no element shape, so no unit
 * either; the service's readings are accelerations, in m/s² or in g. The two cannot be
 * confused at the size of a harsh manoeuvre: one is flagged from about 2.5 m/s² (0.25 g), and
 * no road vehicle brakes, accelerates or turns at 1.5 g, so a reading up to 1.5 is in g and
 * one above it in m/s².
 */
export function accelerationText(value: number): string {
  const a = Math.abs(value);
  if (a > 0 && a <= 1.5) return i18n.t('history:units.g', { n: numberText(Number(value.toFixed(2)), 2) });
  return i18n.t('history:units.ms2', { n: numberText(Number(value.toFixed(1)), 1) });
}

/**
 * The periods the accelerometer was faulty, clipped to [from, till): the service says it per
 * fetched window, and windows touch, overlap and repeat (an interval read in parts, a part
 * read again), so touching or overlapping ones are joined. Returned as windows, the shape the
 * panel reads (`from`, `till`).
 */
export function faultyPeriods(windows: readonly HistoryViolations[], from: number, till: number): HistoryViolations[] {
  const parts = windows
    .filter((w) => w.violations.AccelerometerFaulty && w.till > from && w.from < till)
    .map((w) => ({ ...w, from: Math.max(w.from, from), till: Math.min(w.till, till) }))
    .sort((a, b) => a.from - b.from || a.till - b.till);
  const out: HistoryViolations[] = [];
  for (const w of parts) {
    const last = out[out.length - 1];
    if (last && w.from <= last.till) last.till = Math.max(last.till, w.till);
    else out.push(w);
  }
  return out;
}
