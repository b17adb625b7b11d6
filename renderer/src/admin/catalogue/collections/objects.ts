/** Objects with every documented field (the bulk actions stay on the Objects tab). */
import type { CollectionDesc } from '../descriptor';

export const objectCollections: CollectionDesc[] = [
  {
    id: 'objects',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'IMEI', label: 'catalogue.field.imei', width: '160px' },
      { field: 'StateNumber', label: 'catalogue.field.plate', width: '110px' },
      { field: 'DeviceType', label: 'catalogue.field.model', width: '140px' },
    ],
    fields: [
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'IMEI', label: 'catalogue.field.imei', kind: 'imei', help: 'catalogue.help.imei' },
      { name: 'DeviceType', label: 'catalogue.field.deviceModel', kind: 'model' },
      { name: 'StateNumber', label: 'catalogue.field.plate', kind: 'text' },
      { name: 'Phone', label: 'catalogue.field.phone', kind: 'text' },
      { name: 'Phone1', label: 'catalogue.field.phone1', kind: 'text' },
      { name: 'IconId', label: 'catalogue.field.iconId', kind: 'number' },
      { name: 'TrackColor', label: 'catalogue.field.trackColour', kind: 'color' },
      { name: 'MaxSpeed', label: 'catalogue.field.maxSpeed', kind: 'number' },
      { name: 'Timeout', label: 'catalogue.field.offlineAfter', kind: 'number' },
      { name: 'TimeZone', label: 'catalogue.field.timeZone', kind: 'text' },
      { name: 'GroupIds', label: 'catalogue.field.groups', kind: 'refs', of: 'objectGroups' },
      { name: 'Comment', label: 'catalogue.field.comment', kind: 'textarea' },
    ],
    blank: { Name: '', IMEI: '', DeviceType: '', StateNumber: '', Phone: '', Phone1: '', IconId: 1, TrackColor: '#3388FF', MaxSpeed: 90, Timeout: 600, TimeZone: 'UTC', GroupIds: [], Comment: '' },
  },
];
