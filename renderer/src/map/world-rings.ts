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
}

/** Every ring of every polygon of `geo`, projected; rings of under three points are left out. */
export function projectRings(geo: GeoJSON.FeatureCollection): WorldRings {
  const rings: GeoJSON.Position[][] = [];
  for (const f of geo.features) {
    const g = f.geometry;
    if (g?.type === 'Polygon') rings.push(...g.coordinates);
    else if (g?.type === 'MultiPolygon') for (const poly of g.coordinates) rings.push(...poly);
  }
  const kept = rings.filter((r) => r.length >= 3);
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
  return { xy, starts, bbox };
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

