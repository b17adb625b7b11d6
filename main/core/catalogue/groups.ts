/** The five group collections: objects, geozones, drivers, driver keys, event settings. */
import type { FleetApi } from '../api';
import { crudSource, type CollectionSource } from './source';

export function groupSources(api: FleetApi): CollectionSource[] {
  return [
    crudSource('objectGroups', 'objectGroups', api.groups),
    crudSource('geozoneGroups', 'geozoneGroups', api.geozones.groups),
    crudSource('driverGroups', 'driverGroups', api.drivers.groups),
    crudSource('driverKeyGroups', 'driverKeyGroups', api.drivers.keyGroups),
    crudSource('eventSettingGroups', 'eventSettingGroups', api.eventSettings.groups),
  ];
}
