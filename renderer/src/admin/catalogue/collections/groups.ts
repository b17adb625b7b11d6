/** The five group kinds: named (and for objects and geozones, coloured) sets other records point at. */
import type { CollectionDesc } from '../descriptor';

const named = (id: CollectionDesc['id'], title: string, one: string, color: boolean): CollectionDesc => ({
  id,
  title,
  one,
  columns: [
    { field: 'Id', label: 'Id', width: '70px' },
    { field: 'Name', label: 'Name', width: 'minmax(200px, 1fr)' },
    ...(color ? [{ field: 'Color', label: 'Colour', width: '110px' }] : []),
  ],
  fields: [{ name: 'Name', label: 'Name', kind: 'text' }, ...(color ? [{ name: 'Color', label: 'Colour', kind: 'color' as const }] : [])],
  blank: color ? { Name: '', Color: '#3388FF' } : { Name: '' },
});

export const groupCollections: CollectionDesc[] = [
  named('objectGroups', 'Object groups', 'object group', true),
  named('geozoneGroups', 'Geozone groups', 'geozone group', true),
  named('driverGroups', 'Driver groups', 'driver group', false),
  named('driverKeyGroups', 'Driver key groups', 'driver key group', false),
  named('eventSettingGroups', 'Event setting groups', 'event setting group', false),
];
