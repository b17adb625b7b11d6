/**
 * The service's geozone record ↔ the shape the map draws, as plain data (no Leaflet here,
 * so it is tested without a browser): a circle is a centre and a radius in metres, a
 * polygon one ring, a line a path with a width in metres. A record the map cannot draw is
 * skipped (null), never an error for the rest of the list.
 */
import type { GeozoneDraft, GeozoneType } from '../../../../common/methods/geozones';

export type LatLngPair = [number, number];
export type ZoneShape =
  | { kind: 'circle'; center: LatLngPair; radius: number }
  | { kind: 'polygon'; ring: LatLngPair[] }
  | { kind: 'line'; path: LatLngPair[] };

interface LatLngRec {
  Lat: number;
  Lng: number;
}

/** A geozone as the editor knows it, read tolerantly from what the service sent. */
export interface ZoneRec {
  Id: number;
  Name: string;
  Type: GeozoneType;
  Color: string;
  GroupId: number;
  Center?: LatLngRec;
  Radius?: number;
  Points: LatLngRec[];
  /** Metres (lines); 0 for other shapes. */
  Width: number;
}

export const DEFAULT_COLOR = '#3388FF';
const COLOR = /^#[0-9a-f]{6}$/i;
const EARTH_M_PER_DEG = 111_320;

const isLatLng = (p: unknown): p is LatLngRec =>
  typeof p === 'object' && p !== null && Number.isFinite((p as LatLngRec).Lat) && Number.isFinite((p as LatLngRec).Lng);

/** Seven decimals are about a centimetre: enough, and what a person reads back. */
const round7 = (v: number): number => Math.round(v * 1e7) / 1e7;
const pair = (p: LatLngRec): LatLngPair => [p.Lat, p.Lng];
const rec = (p: LatLngPair): LatLngRec => ({ Lat: round7(p[0]), Lng: round7(p[1]) });

/** A ring drawn closed (first point repeated last) is the same ring without the repeat. */
function openRing(points: LatLngPair[]): LatLngPair[] {
  const first = points[0];
  const last = points.at(-1);
  return points.length > 3 && first && last && first[0] === last[0] && first[1] === last[1] ? points.slice(0, -1) : points;
}

/** The record the service sent, or null when it is not a geozone the editor can show. */
export function readZone(raw: unknown): ZoneRec | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const z = raw as Record<string, unknown>;
  if (typeof z.Id !== 'number') return null;
  const points = Array.isArray(z.Points) ? z.Points.filter(isLatLng) : [];
  const center = isLatLng(z.Center) ? z.Center : undefined;
  const radius = typeof z.Radius === 'number' && z.Radius > 0 ? z.Radius : undefined;
  const width = typeof z.Width === 'number' && z.Width > 0 ? z.Width : 0;
  const type: GeozoneType | null =
    z.Type === 'Line' ? (points.length >= 2 ? 'Line' : null)
    : z.Type !== 'Circle' && points.length >= 3 ? 'Polygon'
    : center && radius !== undefined ? 'Circle'
    : null;
  if (!type) return null;
  return {
    Id: z.Id,
    Name: typeof z.Name === 'string' ? z.Name : `Geozone ${z.Id}`,
    Type: type,
    Color: typeof z.Color === 'string' && COLOR.test(z.Color) ? z.Color.toUpperCase() : DEFAULT_COLOR,
    GroupId: typeof z.GroupId === 'number' ? z.GroupId : 0,
    ...(center ? { Center: center } : {}),
    ...(radius !== undefined ? { Radius: radius } : {}),
    Points: points,
    Width: width,
  };
}

export function shapeOfZone(z: ZoneRec): ZoneShape {
  if (z.Type === 'Circle') return { kind: 'circle', center: pair(z.Center!), radius: z.Radius! };
  if (z.Type === 'Line') return { kind: 'line', path: z.Points.map(pair) };
  return { kind: 'polygon', ring: openRing(z.Points.map(pair)) };
}

/** Metres between two points, flat-earth at their mean latitude (zones are city-sized). */
export function metresBetween(a: LatLngPair, b: LatLngPair): number {
  const coslat = Math.cos((((a[0] + b[0]) / 2) * Math.PI) / 180);
  return Math.hypot((a[0] - b[0]) * EARTH_M_PER_DEG, (a[1] - b[1]) * EARTH_M_PER_DEG * coslat);
}

/** A polygon's or line's centre (mean of its points) and radius (the farthest point), as the service derives them. */
export function centreAndRadius(points: LatLngPair[]): { center: LatLngPair; radius: number } {
  const n = points.length;
  const center: LatLngPair = [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
  const radius = Math.max(1, Math.round(Math.max(...points.map((p) => metresBetween(center, p)))));
  return { center, radius };
}

/** The geometry fields of a draft for a shape drawn or edited on the map. */
export function geometryOfShape(shape: ZoneShape): Pick<GeozoneDraft, 'Type' | 'Center' | 'Radius' | 'Points'> {
  if (shape.kind === 'circle') {
    return { Type: 'Circle', Center: rec(shape.center), Radius: Math.max(0.1, Math.round(shape.radius * 10) / 10), Points: [] };
  }
  const points = shape.kind === 'polygon' ? openRing(shape.ring) : shape.path;
  const { center, radius } = centreAndRadius(points);
  return { Type: shape.kind === 'polygon' ? 'Polygon' : 'Line', Center: rec(center), Radius: radius, Points: points.map(rec) };
}

/** The draft that re-sends a zone unchanged (the form's starting values). */
export function draftOfZone(z: ZoneRec): GeozoneDraft {
  return {
    Name: z.Name,
    Color: z.Color,
    GroupId: z.GroupId,
    Width: z.Type === 'Line' ? z.Width : 0,
    ...geometryOfShape(shapeOfZone(z)),
  };
}

/** Metres one screen pixel covers at `lat` and `zoom` (256-pixel Web Mercator tiles). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / 2 ** (zoom + 8);
}

/** A line's stroke in pixels for its width in metres: never thinner than 2 px, so it stays visible and clickable. */
export function lineWeightPx(widthM: number, lat: number, zoom: number): number {
  return Math.max(2, widthM / metresPerPixel(lat, zoom));
}

/** The point a zone's label and the list's "show on map" centre on. */
export function zoneCentre(shape: ZoneShape): LatLngPair {
  if (shape.kind === 'circle') return shape.center;
  return centreAndRadius(shape.kind === 'polygon' ? shape.ring : shape.path).center;
}
