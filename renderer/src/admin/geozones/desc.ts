/**
 * Geozones as the catalogue engine's pieces know a collection: the pending changes list and
 * its conflict view read the fields' names (keys of the admin namespace) from here. The list
 * and the form themselves are the map editor's own (a shape is drawn, not typed).
 */
import type { CollectionDesc } from '../catalogue/descriptor';

export const GEOZONE_DESC: CollectionDesc = {
  id: 'geozones',
  columns: [{ field: 'Name', label: 'catalogue.field.name' }],
  fields: [
    { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
    { name: 'Color', label: 'catalogue.field.colour', kind: 'color' },
    { name: 'GroupId', label: 'catalogue.field.group', kind: 'ref', of: 'geozoneGroups' },
    { name: 'Center', label: 'catalogue.field.centre', kind: 'text' },
    { name: 'Radius', label: 'catalogue.field.radius', kind: 'number' },
    { name: 'Points', label: 'catalogue.field.shapePoints', kind: 'text' },
    { name: 'Width', label: 'catalogue.field.width', kind: 'number' },
  ],
  blank: {},
};
