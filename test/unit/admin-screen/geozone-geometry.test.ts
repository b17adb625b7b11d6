/**
 * The map shape ↔ the service's geozone record: what is drawn is what is stored and read
 * back (circles, polygons, lines with their width), a ring sent closed is the same ring,
 * and records the map cannot draw are skipped instead of failing the list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GeozoneDraftSchema } from '../../../common/methods/geozones';
import {
  draftOfZone,
  geometryOfShape,
  lineWeightPx,
  metresPerPixel,
  readZone,
  shapeOfZone,
  type LatLngPair,
  type ZoneShape,
} from '../../../renderer/src/admin/geozones/geometry';

/** What the service stores for a draft: the draft plus an Id (and its own Width default). */
const stored = (shape: ZoneShape, extra: Record<string, unknown> = {}) => ({ Id: 7, Name: 'Z', Color: '#12ab34', GroupId: 3, Width: 0, ...geometryOfShape(shape), ...extra });

/** Points a click can make: a metre apart at least (1e-5°), anywhere a map shows. */
const latLng = fc.tuple(fc.integer({ min: -8_000_000, max: 8_000_000 }).map((v) => v / 1e5), fc.integer({ min: -17_900_000, max: 17_900_000 }).map((v) => v / 1e5)) as fc.Arbitrary<LatLngPair>;
const near = (a: LatLngPair[], b: LatLngPair[]) => {
  expect(a.length).toBe(b.length);
  a.forEach((p, i) => {
    expect(Math.abs(p[0] - b[i]![0])).toBeLessThan(1e-7);
    expect(Math.abs(p[1] - b[i]![1])).toBeLessThan(1e-7);
  });
};

describe('geozone geometry', () => {
  it('a circle drawn is stored as Center + Radius in metres and read back the same', () => {
    const shape: ZoneShape = { kind: 'circle', center: [52.51234567891, 13.4], radius: 250.04 };
    const g = geometryOfShape(shape);
    expect(g).toEqual({ Type: 'Circle', Center: { Lat: 52.5123457, Lng: 13.4 }, Radius: 250, Points: [] });
    const back = readZone(stored(shape));
    expect(back).toMatchObject({ Type: 'Circle', Color: '#12AB34', GroupId: 3 });
    expect(shapeOfZone(back!)).toEqual({ kind: 'circle', center: [52.5123457, 13.4], radius: 250 });
  });

  it('polygons and lines round-trip point for point (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(latLng, { minLength: 3, maxLength: 12, selector: (p) => `${p[0]},${p[1]}` }), fc.boolean(), (pts, asLine) => {
        const shape: ZoneShape = asLine ? { kind: 'line', path: pts } : { kind: 'polygon', ring: pts };
        const back = readZone(stored(shape, asLine ? { Width: 25 } : {}));
        expect(back?.Type).toBe(asLine ? 'Line' : 'Polygon');
        const s = shapeOfZone(back!);
        near(s.kind === 'line' ? s.path : s.kind === 'polygon' ? s.ring : [], pts);
        // Re-sending it unchanged passes the same checks the service makes.
        expect(GeozoneDraftSchema.safeParse(draftOfZone(back!)).success).toBe(true);
      }),
    );
  });

  it('a polygon gets the centre and radius the service would derive; a ring sent closed loses its repeat', () => {
    const ring: LatLngPair[] = [[52.5, 13.4], [52.5, 13.41], [52.51, 13.41], [52.51, 13.4]];
    const g = geometryOfShape({ kind: 'polygon', ring: [...ring, ring[0]!] });
    expect(g.Points).toHaveLength(4);
    expect(g.Center!.Lat).toBeCloseTo(52.505, 6);
    expect(g.Center!.Lng).toBeCloseTo(13.405, 6);
    expect(g.Radius).toBeGreaterThan(600);
    expect(g.Radius).toBeLessThan(700);
  });

  it('a line keeps its width; the draft of a circle or polygon sends 0', () => {
    const line = readZone({ Id: 1, Name: 'Road', Type: 'Line', Points: [{ Lat: 1, Lng: 2 }, { Lat: 1.1, Lng: 2.1 }], Width: 40 })!;
    expect(draftOfZone(line)).toMatchObject({ Type: 'Line', Width: 40 });
    const circle = readZone({ Id: 2, Type: 'Circle', Center: { Lat: 1, Lng: 2 }, Radius: 5, Width: 9 })!;
    expect(draftOfZone(circle)).toMatchObject({ Type: 'Circle', Width: 0, Name: 'Geozone 2', Color: '#3388FF', GroupId: 0 });
  });

  it('skips what cannot be drawn: no Id, a line of one point, a circle without a radius, a polygon of two points', () => {
    expect(readZone({ Name: 'no id', Type: 'Circle', Center: { Lat: 1, Lng: 1 }, Radius: 3 })).toBeNull();
    expect(readZone({ Id: 1, Type: 'Line', Points: [{ Lat: 1, Lng: 1 }], Width: 5 })).toBeNull();
    expect(readZone({ Id: 1, Type: 'Circle', Center: { Lat: 1, Lng: 1 } })).toBeNull();
    expect(readZone({ Id: 1, Type: 'Polygon', Points: [{ Lat: 1, Lng: 1 }, { Lat: 2, Lng: 2 }] })).toBeNull();
    expect(readZone('zone')).toBeNull();
    // A polygon with a stale Center and no Type is still a polygon (its points win).
    expect(readZone({ Id: 1, Points: [{ Lat: 1, Lng: 1 }, { Lat: 2, Lng: 2 }, { Lat: 1, Lng: 2 }], Center: { Lat: 0, Lng: 0 }, Radius: 1 })?.Type).toBe('Polygon');
  });

  it('a line of W metres is W metres wide on screen at any zoom, and never under 2 px', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    const at16 = lineWeightPx(40, 52.5, 16);
    expect(at16 * metresPerPixel(52.5, 16)).toBeCloseTo(40, 6);
    expect(lineWeightPx(40, 52.5, 17)).toBeCloseTo(at16 * 2, 6);
    expect(lineWeightPx(40, 52.5, 5)).toBe(2);
  });
});
