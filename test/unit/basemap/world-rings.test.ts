import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countries from 'world-atlas/countries-110m.json';
import { projectRings, ringsInView, splitAtAntimeridian, type WorldRings } from '../../../renderer/src/basemap/world-rings';

const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
const geo = feature(topo, topo.objects.countries);
const world = projectRings(geo);

/** Web Mercator world pixel of a place at a zoom (Leaflet's EPSG:3857 at 256 px a tile). */
function worldPixel(lat: number, lng: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const s = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size];
}

/** Even-odd point-in-path over the rings drawn, as the layer's fill decides. */
function filled(rings: WorldRings, drawn: [number, number][], size: number, ox: number, oy: number, x: number, y: number): boolean {
  let inside = false;
  for (const [r, dx] of drawn) {
    for (let p = rings.starts[r]!, q = rings.starts[r + 1]! - 1; p < rings.starts[r + 1]!; q = p++) {
      const xp = rings.xy[2 * p]! * size + dx;
      const yp = rings.xy[2 * p + 1]! * size - oy;
      const xq = rings.xy[2 * q]! * size + dx;
      const yq = rings.xy[2 * q + 1]! * size - oy;
      if (yp > y !== yq > y && x < ((xq - xp) * (y - yp)) / (yq - yp) + xp) inside = !inside;
    }
  }
  return inside;
}

function view(lat: number, lng: number, zoom: number, w = 800, h = 500) {
  const size = 256 * 2 ** zoom;
  const [cx, cy] = worldPixel(lat, lng, zoom);
  const ox = cx - w / 2;
  const oy = cy - h / 2;
  return { size, ox, oy, w, h, drawn: ringsInView(world, size, ox, oy, w, h) };
}

describe('the bundled world outline', () => {
  it('keeps every ring of every country, each point inside the unit square', () => {
    const rings = geo.features.flatMap((f) => (f.geometry?.type === 'Polygon' ? f.geometry.coordinates : f.geometry?.type === 'MultiPolygon' ? f.geometry.coordinates.flat() : []));
    // Fiji's ring and two of Russia's cross ±180° twice: a part each side. Antarctica's goes round the pole: one part.
    expect(world.starts.length - 1).toBe(rings.length + 3);
    expect(world.cut.reduce((n, c) => n + c, 0)).toBe(7);
    expect(world.starts.at(-1)! * 2).toBe(world.xy.length);
    for (const v of world.xy) expect(v >= 0 && v <= 1).toBe(true);
  });

  it('no edge of any ring, its closing edge included, runs across more than half the world (but along a pole)', () => {
    for (let r = 0; r + 1 < world.starts.length; r++) {
      for (let p = world.starts[r]!, q = world.starts[r + 1]! - 1; p < world.starts[r + 1]!; q = p++) {
        const y = world.xy[2 * p + 1]!;
        const atPole = Math.min(y, 1 - y) < 1e-9;
        if (atPole && world.xy[2 * q + 1] === y) continue;
        expect(Math.abs(world.xy[2 * p]! - world.xy[2 * q]!), `ring ${r}`).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('at world zoom the sea beside Russia and Fiji stays empty, and their land east of 180° is filled', () => {
    // The Norwegian Sea and the Pacific east of Fiji lie between the latitudes where Russia's and Fiji's rings cross 180°.
    for (const [lat, lng] of [
      [67, 3],
      [-16.3, -150],
    ] as const) {
      const v = view(lat, lng, 2);
      expect(filled(world, v.drawn, v.size, v.ox, v.oy, v.w / 2, v.h / 2), `${lat},${lng}`).toBe(false);
    }
    // Chukotka, east of 180°.
    const v = view(66, -174, 4);
    expect(filled(world, v.drawn, v.size, v.ox, v.oy, v.w / 2, v.h / 2)).toBe(true);
  });

  it('cuts a ring crossing ±180° into parts that stay on their side and end on the meridian', () => {
    const { parts, cut } = splitAtAntimeridian([
      [170, -10],
      [-170, -10],
      [-170, 10],
      [170, 10],
      [170, -10],
    ]);
    expect(cut).toBe(true);
    const spans = parts.map((p) => [Math.min(...p.map((q) => q[0]!)), Math.max(...p.map((q) => q[0]!))]).sort((a, b) => a[0]! - b[0]!);
    expect(spans).toEqual([
      [-180, -170],
      [170, 180],
    ]);
    for (const p of parts) {
      expect(Math.abs(p[0]![0]!)).toBe(180);
      expect(Math.abs(p.at(-1)![0]!)).toBe(180);
      for (let i = 1; i < p.length; i++) expect(Math.abs(p[i]![0]! - p[i - 1]![0]!)).toBeLessThanOrEqual(180);
    }
    // A ring that goes round the South Pole (as Antarctica does) is closed along the pole's edge.
    const pole = splitAtAntimeridian([
      [-180, -70],
      [0, -65],
      [180, -70],
      [-180, -70],
    ]);
    expect(pole.parts).toHaveLength(1);
    expect(pole.parts[0]!.slice(-2).map((q) => q[1])).toEqual([-90, -90]);
  });

  it('fills land and leaves the sea empty at the centre of a view', () => {
    // Inland South Africa, central Germany and the middle of Australia against open sea.
    for (const [lat, lng, zoom] of [
      [-29, 24, 5],
      [51, 10, 7],
      [-25, 134, 4],
    ] as const) {
      const v = view(lat, lng, zoom);
      expect(filled(world, v.drawn, v.size, v.ox, v.oy, v.w / 2, v.h / 2), `${lat},${lng}`).toBe(true);
    }
    for (const [lat, lng, zoom] of [
      [-30, -20, 5],
      [40, -40, 6],
      [-40, 90, 4],
    ] as const) {
      const v = view(lat, lng, zoom);
      expect(filled(world, v.drawn, v.size, v.ox, v.oy, v.w / 2, v.h / 2), `${lat},${lng}`).toBe(false);
    }
  });

  it('draws only the rings near the view when zoomed in', () => {
    const v = view(51, 10, 9);
    expect(v.drawn.length).toBeGreaterThan(0);
    expect(v.drawn.length).toBeLessThan(10);
    // Lesotho lies inside South Africa: the hole ring and Lesotho's own both drawn, Lesotho filled.
    const lesotho = view(-29.6, 28.2, 7);
    expect(filled(world, lesotho.drawn, lesotho.size, lesotho.ox, lesotho.oy, lesotho.w / 2, lesotho.h / 2)).toBe(true);
  });

  it('draws the copies of the world either side when the view is wider than the world', () => {
    const zoom = 1;
    const size = 256 * 2 ** zoom;
    // A 1,600 px wide canvas starting half a world west of 180° W.
    const drawn = ringsInView(world, size, -size / 2, 0, 1600, size);
    const offsets = new Set(drawn.map(([, dx]) => dx));
    expect([...offsets].sort((a, b) => a - b)).toEqual([-size / 2, size / 2, (3 * size) / 2, (5 * size) / 2]);
    // Each copy draws every ring that the canvas reaches: the full copies hold them all.
    const perCopy = drawn.filter(([, dx]) => dx === size / 2).length;
    expect(perCopy).toBe(world.starts.length - 1);
  });
});
