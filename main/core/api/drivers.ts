/** Drivers, driver groups, driver keys, key groups, shifts (full set) and penalties (GET and PUT only). */
import type { Http } from './http';
import { crud } from './shared';

export function driversApi(http: Http) {
  const penalties = crud(http, '/api/DriverPenalties');
  return {
    drivers: crud(http, '/api/Drivers'),
    groups: crud(http, '/api/DriverGroups'),
    keys: crud(http, '/api/DriverKeys'),
    keyGroups: crud(http, '/api/DriverKeyGroups'),
    shifts: crud(http, '/api/DriverShifts'),
    penalties: { list: penalties.list, get: penalties.get, update: penalties.update },
  };
}
