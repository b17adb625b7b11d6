import { z } from 'zod';
import { json, type Route } from '../http/route';
import { hash } from '../util/rng';
import { CITIES, STREETS } from '../world/places';
import { hostileAddress } from '../world/hostile';

const GeoIn = z.array(z.object({ Latitude: z.number(), Longitude: z.number() }));
const GeoOut = z.array(z.object({ Address: z.string().nullable(), Street: z.string().nullable(), Error: z.string().nullable() }));

/** Addresses exist within 60 km of a known city; elsewhere (open sea, wilderness) there are none. */
export function geocode(lat: number, lng: number): z.infer<typeof GeoOut>[number] {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return { Address: null, Street: null, Error: 'Coordinates out of range' };
  }
  let best: { d: number; i: number } | undefined;
  CITIES.forEach((c, i) => {
    const d = Math.hypot((lng - c.lng) * 111.32 * Math.cos((lat * Math.PI) / 180), (lat - c.lat) * 111.32);
    if (!best || d < best.d) best = { d, i };
  });
  if (!best || best.d > 60) return { Address: null, Street: null, Error: 'No address found at these coordinates (open sea or uninhabited area)' };
  const city = CITIES[best.i]!;
  const h = hash(Math.round(lat * 1000), Math.round(lng * 1000));
  const street = `${STREETS[h % STREETS.length]} ${1 + ((h >>> 8) % 180)}`;
  const postcode = String(10_000 + ((h >>> 4) % 89_999));
  return { Address: `${street}, ${postcode} ${city.name}, ${city.country}`, Street: street, Error: null };
}

export const geocoderRoutes: Route[] = [
  {
    method: 'POST', path: '/api/ReverseGeocoder', tag: 'Geocoding',
    summary: 'Addresses of coordinates, in request order; unresolvable ones carry a non-null Error',
    body: GeoIn, response: GeoOut, errors: [400],
    handler: ({ body, sim }) =>
      json((body as z.infer<typeof GeoIn>).map((p) => (sim.opts.hostileNames ? hostileAddress(geocode(p.Latitude, p.Longitude), p.Latitude, p.Longitude) : geocode(p.Latitude, p.Longitude)))),
  },
];
