/** Drivers, their keys, shifts and penalties (read and update only), users and companies (no delete). */
import type { FleetApi } from '../api';
import { crudSource, type CollectionSource } from './source';

export function peopleSources(api: FleetApi): CollectionSource[] {
  const d = api.drivers;
  return [
    crudSource('drivers', 'drivers', d.drivers),
    crudSource('driverKeys', 'driverKeys', d.keys),
    crudSource('driverShifts', 'driverShifts', d.shifts),
    crudSource('driverPenalties', 'driverPenalties', d.penalties),
    crudSource('users', 'users', api.users),
    crudSource('companies', 'companies', api.companies),
  ];
}
