/**
 * The checks a track passes before anything is sent: readable rows, coordinates in range,
 * times in order, no duplicates, no physically implausible jump; gaps are reported, not
 * rejected (a vehicle parked with its tracker off is normal). Each rejected row keeps its
 * number and the reason, and a point is judged against the last accepted one, so one bad
 * row does not condemn its neighbours.
 */
import type { ReadPoint } from './types';

export interface CheckOptions {
  /** Above this speed between two points (km/h), the later point is rejected. */
  maxKmh?: number;
  /** A pause longer than this between accepted points is listed as a gap (ms). */
  gapMs?: number;
  /** Points later than this are rejected (ms; default: no limit). */
  now?: number;
}

export interface Rejected { row: number; line?: number; reason: string }
export interface Gap { afterRow: number; from: number; till: number }
export interface Accepted { row: number; time: number; lat: number; lng: number; speed?: number; heading?: number; alt?: number }
export interface TrackSummary {
  points: number;
  rejected: number;
  from: number | null;
  till: number | null;
  /** Median time between accepted points (ms). */
  intervalMs: number | null;
  distanceKm: number;
  gaps: number;
}
export interface CheckedTrack { accepted: Accepted[]; rejected: Rejected[]; gaps: Gap[]; summary: TrackSummary }

export const DEFAULT_MAX_KMH = 300;
export const DEFAULT_GAP_MS = 15 * 60_000;

export function checkTrack(points: readonly ReadPoint[], opts: CheckOptions = {}): CheckedTrack {
  const maxKmh = opts.maxKmh ?? DEFAULT_MAX_KMH;
  const gapMs = opts.gapMs ?? DEFAULT_GAP_MS;
  const accepted: Accepted[] = [];
  const rejected: Rejected[] = [];
  const gaps: Gap[] = [];
  let distance = 0;
  for (const p of points) {
    const reason = problem(p, accepted[accepted.length - 1], maxKmh, opts.now);
    if (reason) {
      rejected.push({ row: p.row, ...(p.line !== undefined ? { line: p.line } : {}), reason });
      continue;
    }
    const prev = accepted[accepted.length - 1];
    if (prev) {
      distance += haversineKm(prev, p);
      if (p.time - prev.time > gapMs) gaps.push({ afterRow: prev.row, from: prev.time, till: p.time });
    }
    const a: Accepted = { row: p.row, time: p.time, lat: p.lat, lng: p.lng };
    if (p.speed !== undefined) a.speed = p.speed;
    if (p.heading !== undefined) a.heading = ((p.heading % 360) + 360) % 360;
    if (p.alt !== undefined) a.alt = p.alt;
    accepted.push(a);
  }
  const steps = accepted.slice(1).map((a, i) => a.time - accepted[i]!.time).sort((x, y) => x - y);
  return {
    accepted,
    rejected,
    gaps,
    summary: {
      points: accepted.length,
      rejected: rejected.length,
      from: accepted[0]?.time ?? null,
      till: accepted[accepted.length - 1]?.time ?? null,
      intervalMs: steps.length ? steps[Math.floor(steps.length / 2)]! : null,
      distanceKm: Math.round(distance * 1000) / 1000,
      gaps: gaps.length,
    },
  };
}

function problem(p: ReadPoint, prev: Accepted | undefined, maxKmh: number, now: number | undefined): string | null {
  if (p.error) return p.error;
  if (p.lat < -90 || p.lat > 90) return `latitude ${p.lat} is outside -90…90`;
  if (p.lng < -180 || p.lng > 180) return `longitude ${p.lng} is outside -180…180`;
  if (p.lat === 0 && p.lng === 0) return 'position 0, 0 (a receiver without a fix)';
  if (p.speed !== undefined && (p.speed < 0 || p.speed > maxKmh)) return `speed ${p.speed} km/h is outside 0…${maxKmh}`;
  if (now !== undefined && p.time > now) return `time ${new Date(p.time).toISOString()} is in the future`;
  if (!prev) return null;
  if (p.time < prev.time) return `time ${iso(p.time)} is earlier than row ${prev.row} (${iso(prev.time)})`;
  if (p.time === prev.time) {
    return p.lat === prev.lat && p.lng === prev.lng ? `duplicate of row ${prev.row}` : `same time as row ${prev.row} with another position`;
  }
  const kmh = haversineKm(prev, p) / ((p.time - prev.time) / 3_600_000);
  if (kmh > maxKmh) return `${Math.round(kmh)} km/h from row ${prev.row} is not physically plausible (limit ${maxKmh} km/h)`;
  return null;
}

const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');

export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
