/** The five group kinds: named (and for objects and geozones, coloured) sets other records point at. */
import type { CollectionDesc } from '../descriptor';

const named = (id: CollectionDesc['id'], color: boolean): CollectionDesc => ({
  id,
  columns: [
    { field: 'Id', label: 'catalogue.field.id', width: '70px' },
    { field: 'Name', label: 'catalogue.field.name', width: 'minmax(200px, 1fr)' },
    ...(color ? [{ field: 'Color', label: 'catalogue.field.colour', width: '110px' }] : []),
  ],
  fields: [{ name: 'Name', label: 'catalogue.field.name', kind: 'text' }, ...(color ? [{ name: 'Color', label: 'catalogue.field.colour', kind: 'color' as const }] : [])],
  blank: color ? { Name: '', Color: '#3388FF' } : { Name: '' },
});

export const groupCollections: CollectionDesc[] = [
  named('objectGroups', true),
  named('geozoneGroups', true),
  named('driverGroups', false),
  named('driverKeyGroups', false),
  named('eventSettingGroups', false),
];
