/** Objects with every documented field (the bulk actions stay on the Objects tab). */
import type { CollectionDesc } from '../descriptor';

export const objectCollections: CollectionDesc[] = [
  {
    id: 'objects',
    title: 'Objects edit',
    one: 'object',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'IMEI', label: 'IMEI', width: '160px' },
      { field: 'StateNumber', label: 'Plate', width: '110px' },
      { field: 'DeviceType', label: 'Model', width: '140px' },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'IMEI', label: 'IMEI', kind: 'imei', help: 'Checked with the service as you type' },
      { name: 'DeviceType', label: 'Device model', kind: 'model' },
      { name: 'StateNumber', label: 'Plate', kind: 'text' },
      { name: 'Phone', label: 'Phone', kind: 'text' },
      { name: 'Phone1', label: 'Second phone', kind: 'text' },
      { name: 'IconId', label: 'Icon id', kind: 'number' },
      { name: 'TrackColor', label: 'Track colour', kind: 'color' },
      { name: 'MaxSpeed', label: 'Max speed (km/h)', kind: 'number' },
      { name: 'Timeout', label: 'Offline after (s)', kind: 'number' },
      { name: 'TimeZone', label: 'Time zone', kind: 'text' },
      { name: 'GroupIds', label: 'Groups', kind: 'refs', of: 'objectGroups' },
      { name: 'Comment', label: 'Comment', kind: 'textarea' },
    ],
    blank: { Name: '', IMEI: '', DeviceType: '', StateNumber: '', Phone: '', Phone1: '', IconId: 1, TrackColor: '#3388FF', MaxSpeed: 90, Timeout: 600, TimeZone: 'UTC', GroupIds: [], Comment: '' },
  },
];
