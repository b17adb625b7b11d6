/**
 * The world's country rings in Web Mercator's unit square, and which of them a canvas
 * shows: the geometry of the world outline (world-layer.ts), apart from Leaflet.
 */
import { mercatorX, mercatorY } from '../../../common/mercator';

export interface WorldRings {
  /** x, y pairs in the unit square (x east from 180° W, y south from the top). */
  xy: Float64Array;
  /** Ring r is the points starts[r] .. starts[r + 1] - 1. */
  starts: Uint32Array;
  /** Per ring: min x, min y, max x, max y in the unit square. */
  bbox: Float64Array;
  /**
   * Per ring, 1 when it is a part cut at the antimeridian: its closing edge runs along the
   * world's edge (or round a pole) and is filled but not stroked.
   */
  cut: Uint8Array;
}

type Ring = GeoJSON.Position[];

/** Where the edge a → b, which crosses ±180°, meets it: the latitude, and the side a is on (180 or -180). */
function crossing(a: GeoJSON.Position, b: GeoJSON.Position): { lat: number; side: number } {
  const side = a[0]! > 0 ? 180 : -180;
  const bl = b[0]! + (side > 0 ? 360 : -360);
  const t = bl === a[0]! ? 0 : (side - a[0]!) / (bl - a[0]!);
  return { lat: a[1]! + t * (b[1]! - a[1]!), side };
}

/**
 * A ring cut where it crosses ±180° (an edge whose ends are more than 180° apart), as parts
 * that each stay on one side and end on the meridian they start on. Drawn whole, such an
 * edge ran across the whole world: the horizontal stripes at world zoom (Russia, Fiji). A
 * ring crossing once goes round a pole (Antarctica): it is closed along the pole's edge.
 */
export function splitAtAntimeridian(ring: Ring): { parts: Ring[]; cut: boolean } {
  const pts = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
  const n = pts.length;
  const jumps: number[] = [];
  for (let i = 0; i < n; i++) if (Math.abs(pts[(i + 1) % n]![0]! - pts[i]![0]!) > 180) jumps.push(i);
  if (jumps.length === 0) return { parts: [ring], cut: false };
  const parts: Ring[] = [];
  // Start just after the first crossing, so every part starts and ends on the meridian.
  const first = jumps[0]!;
  let part: Ring = [];
  const start = crossing(pts[first]!, pts[(first + 1) % n]!);
  part.push([-start.side, start.lat]);
  for (let step = 1; step <= n; step++) {
    const i = (first + step) % n;
    const a = pts[i]!;
    part.push(a);
    const b = pts[(i + 1) % n]!;
    if (Math.abs(b[0]! - a[0]!) <= 180) continue;
    const c = crossing(a, b);
    part.push([c.side, c.lat]);
    parts.push(part);
    part = [[-c.side, c.lat]];
  }
  if (jumps.length % 2 === 1) {
    // Round a pole: along the meridian to the pole's edge and back along it.
    const whole = parts.flat();
    const pole = whole.reduce((sum, p) => sum + p[1]!, 0) < 0 ? -90 : 90;
    const last = whole.at(-1)!;
    parts.length = 0;
    parts.push([...whole, [last[0]!, pole], [-last[0]!, pole]]);
  }
  return { parts, cut: true };
}

/** Every ring of every polygon of `geo`, cut at the antimeridian and projected; rings of under three points are left out. */
export function projectRings(geo: GeoJSON.FeatureCollection): WorldRings {
  const rings: Ring[] = [];
  for (const f of geo.features) {
    const g = f.geometry;
    if (g?.type === 'Polygon') rings.push(...g.coordinates);
    else if (g?.type === 'MultiPolygon') for (const poly of g.coordinates) rings.push(...poly);
  }
  const kept: Ring[] = [];
  const cutFlags: number[] = [];
  for (const ring of rings) {
    if (ring.length < 3) continue;
    const { parts, cut } = splitAtAntimeridian(ring);
    for (const part of parts) {
      if (part.length < 3) continue;
      kept.push(part);
      cutFlags.push(cut ? 1 : 0);
    }
  }
  const total = kept.reduce((n, r) => n + r.length, 0);
  const xy = new Float64Array(2 * total);
  const starts = new Uint32Array(kept.length + 1);
  const bbox = new Float64Array(4 * kept.length);
  let p = 0;
  kept.forEach((ring, r) => {
    starts[r] = p;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const [lng, lat] of ring) {
      const x = mercatorX(lng!);
      const y = mercatorY(lat!);
      xy[2 * p] = x;
      xy[2 * p + 1] = y;
      p++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    bbox.set([x0, y0, x1, y1], 4 * r);
  });
  starts[kept.length] = p;
  return { xy, starts, bbox, cut: Uint8Array.from(cutFlags) };
}

/**
 * The rings a canvas of w × h pixels shows, whose top-left corner is at world pixel
 * (ox, oy) at a zoom whose world is `world` pixels wide: [ring, x offset of the world copy].
 */
export function ringsInView(rings: WorldRings, world: number, ox: number, oy: number, w: number, h: number): [number, number][] {
  const out: [number, number][] = [];
  const n = rings.starts.length - 1;
  // The copies of the world that overlap the canvas horizontally.
  for (let k = Math.floor(ox / world); k * world < ox + w; k++) {
    const dx = k * world - ox;
    for (let r = 0; r < n; r++) {
      const b = 4 * r;
      if (rings.bbox[b + 2]! * world + dx < 0 || rings.bbox[b]! * world + dx > w) continue;
      if (rings.bbox[b + 3]! * world - oy < 0 || rings.bbox[b + 1]! * world - oy > h) continue;
      out.push([r, dx]);
    }
  }
  return out;
}

