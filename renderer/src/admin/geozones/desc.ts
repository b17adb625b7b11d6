/**
 * Geozones as the catalogue engine's pieces know a collection: the pending changes list and
 * its conflict view read the fields' names from here. The list and the form themselves are
 * the map editor's own (a shape is drawn, not typed).
 */
import type { CollectionDesc } from '../catalogue/descriptor';

export const GEOZONE_DESC: CollectionDesc = {
  id: 'geozones',
  title: 'Geozones',
  one: 'geozone',
  columns: [{ field: 'Name', label: 'Name' }],
  fields: [
    { name: 'Name', label: 'Name', kind: 'text' },
    { name: 'Color', label: 'Colour', kind: 'color' },
    { name: 'GroupId', label: 'Group', kind: 'ref', of: 'geozoneGroups' },
    { name: 'Center', label: 'Centre', kind: 'text' },
    { name: 'Radius', label: 'Radius (m)', kind: 'number' },
    { name: 'Points', label: 'Points', kind: 'text' },
    { name: 'Width', label: 'Width (m)', kind: 'number' },
  ],
  blank: {},
};
