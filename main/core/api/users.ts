/** Users (administration rights required; 403 → FleetError('forbidden')). */
import type { Http } from './http';
import { crud } from './shared';

export function usersApi(http: Http) {
  return crud(http, '/api/Users');
}
