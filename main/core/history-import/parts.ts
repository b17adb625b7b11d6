/**
 * A checked track cut into the parts sent one import request each, and a part as the job's
 * journal keeps it (a JSON string, so a resumed job sends exactly what was checked).
 */
import { FleetError } from '../../../common/errors';
import type { Accepted } from './checks';

/** The spec names no batch size; 1,000 positions is far below the simulator's 5,000, and a 400 for size halves a part anyway. */
export const PART_SIZE = 1000;

/** [Time, Lat, Lng, Speed, Heading, Alt], null where the file had none. */
export type PartPoint = [number, number, number, number | null, number | null, number | null];
export interface Part { from: number; till: number; points: PartPoint[] }

export function cutParts(accepted: readonly Accepted[], size = PART_SIZE): Part[] {
  const out: Part[] = [];
  for (let i = 0; i < accepted.length; i += size) {
    const slice = accepted.slice(i, i + size);
    out.push({
      from: slice[0]!.time,
      till: slice[slice.length - 1]!.time,
      points: slice.map((a) => [a.time, a.lat, a.lng, a.speed ?? null, a.heading ?? null, a.alt ?? null]),
    });
  }
  return out;
}

export function partFromValue(v: unknown): Part {
  if (typeof v !== 'string') throw new FleetError('invalid_input', 'A history import part must be a JSON string');
  const p = JSON.parse(v) as Part;
  if (!Array.isArray(p.points) || typeof p.from !== 'number' || typeof p.till !== 'number') throw new FleetError('invalid_input', 'Not a history import part');
  return p;
}

/** The request body: the positions the service takes (optional fields left out when unknown). */
export function body(objectId: number, points: readonly PartPoint[]): { ObjectId: number; Format: string; Positions: Array<Record<string, number>> } {
  return {
    ObjectId: objectId,
    Format: 'positions',
    Positions: points.map(([Time, Lat, Lng, Speed, Heading, Alt]) => ({
      Time, Lat, Lng, ...(Speed !== null ? { Speed } : {}), ...(Heading !== null ? { Heading } : {}), ...(Alt !== null ? { Alt } : {}),
    })),
  };
}
