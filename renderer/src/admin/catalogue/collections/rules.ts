/** Event settings (the rules that raise events, with the kinds by name), command and report templates. */
import type { CollectionDesc } from '../descriptor';
import { eventBits, eventNames } from './people';

const yes = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : '');

export const ruleCollections: CollectionDesc[] = [
  {
    id: 'eventSettings',
    title: 'Event settings',
    one: 'event setting',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'EventType', label: 'Raises on', width: 'minmax(160px, 1fr)', show: eventNames },
      { field: 'Enabled', label: 'On', width: '60px', show: yes },
      { field: 'ObjectIds', label: 'Objects', width: '120px', show: (v) => (Array.isArray(v) && v.length ? v.join(', ') : 'All') },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'EventType', label: 'Raise an event on', kind: 'bits', bits: eventBits },
      { name: 'Enabled', label: 'Enabled', kind: 'checkbox' },
      { name: 'ObjectIds', label: 'Object ids', kind: 'ids', help: 'Comma-separated; empty = every object' },
      { name: 'GroupId', label: 'Group', kind: 'ref', of: 'eventSettingGroups' },
    ],
    blank: { Name: '', EventType: 4, Enabled: true, ObjectIds: [], GroupId: 0 },
  },
  {
    id: 'commandTemplates',
    title: 'Command templates',
    one: 'command template',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'Command', label: 'Command', width: 'minmax(160px, 1fr)' },
      { field: 'Destructive', label: 'Destructive', width: '100px', show: yes },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'Command', label: 'Command text', kind: 'textarea' },
      { name: 'Destructive', label: 'Destructive (wipes data or changes the device for good)', kind: 'checkbox' },
    ],
    blank: { Name: '', Command: '', Destructive: false },
  },
  {
    id: 'reportTemplates',
    title: 'Report templates',
    one: 'report template',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'ReportType', label: 'Report', width: '140px' },
      { field: 'Columns', label: 'Columns', width: 'minmax(160px, 1fr)', show: (v) => (Array.isArray(v) ? v.join(', ') : '') },
    ],
    fields: [{ name: 'Name', label: 'Name', kind: 'text' }],
    blank: { Name: '' },
    note: 'New report templates are made in the service’s own web interface (its report designer): the interface this console uses fails to create them. Here they can be renamed and deleted.',
  },
];
