/** Geozones and geozone groups (catalogue). */
import { GeozoneSchema, type Geozone } from '../../../common/resources';
import type { Http } from './http';
import { crud } from './shared';

export function geozonesApi(http: Http) {
  const z = crud<Geozone>(http, '/api/Geozones', GeozoneSchema);
  const groups = crud(http, '/api/Geozones/Groups');
  // The spec lists no GET /api/Geozones/{id}.
  return { list: z.list, create: z.create, update: z.update, remove: z.remove, groups };
}
