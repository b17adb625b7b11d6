/** POST /api/ReverseGeocoder: coordinates → addresses, in request order. */
import { z } from 'zod';
import { FleetError } from '../../../common/errors';
import { GeocodeRequestSchema, GeocodeResultSchema, type GeocodeResult } from '../../../common/resources';
import type { Http } from './http';
import { call, extra, many, type Extra } from './shared';

export type GeocodeRequest = z.infer<typeof GeocodeRequestSchema>;
const results = many(GeocodeResultSchema, { defaults: { Error: null } });

/** A read: retried like a GET. The answer must have one element per request element. */
export async function reverseGeocode(http: Http, points: readonly GeocodeRequest[], e?: Extra): Promise<GeocodeResult[]> {
  if (points.length === 0) return [];
  const body = points.map((p) => ({ Latitude: p.Latitude, Longitude: p.Longitude }));
  return call(
    http,
    'POST',
    '/api/ReverseGeocoder',
    (raw, ep) => {
      const list = results(raw, ep);
      if (list.length !== points.length) {
        throw new FleetError('server_error', `${ep}: asked for ${points.length} addresses, got ${list.length}`);
      }
      return list;
    },
    { body, idempotent: true, ...extra(e) },
  );
}

export function geocoderApi(http: Http) {
  return { reverse: (points: readonly GeocodeRequest[], e?: Extra) => reverseGeocode(http, points, e) };
}
