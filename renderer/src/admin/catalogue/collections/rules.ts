/** Event settings (the rules that raise events, with the kinds by name), command and report templates. */
import type { CollectionId } from '../../../../../common/catalogue';
import type { CollectionDesc } from '../descriptor';
import { eventBits, eventNames } from './people';

/** An event setting as the service applies it, from the documented fields only. */
function ruleSentence(v: Record<string, unknown>, name: (c: CollectionId, id: number) => string): string {
  const kinds = eventNames(v.EventType) || 'no kind of event';
  const ids = Array.isArray(v.ObjectIds) ? (v.ObjectIds as number[]) : [];
  const objects = ids.length ? ids.map((id) => name('objects', id)).join(', ') : 'any object';
  const group = typeof v.GroupId === 'number' && v.GroupId > 0 ? ` (rule group ${name('eventSettingGroups', v.GroupId)})` : '';
  return v.Enabled === false ? `Off: when ${kinds} happens to ${objects}, nothing is raised${group}.` : `When ${kinds} happens to ${objects}, raise an event${group}.`;
}

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
      { field: 'ObjectIds', label: 'Objects', width: 'minmax(120px, 1fr)', of: 'objects', empty: 'Every object' },
    ],
    // The interface documents only these fields (no geozone, speed or recipients): the rule says what they do.
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'EventType', label: 'When one of these happens', kind: 'bits', bits: eventBits },
      { name: 'ObjectIds', label: 'to these objects (none ticked: every object)', kind: 'refs', of: 'objects' },
      { name: 'Enabled', label: 'raise an event (the rule is on)', kind: 'checkbox' },
      { name: 'GroupId', label: 'filed in the rule group', kind: 'ref', of: 'eventSettingGroups' },
    ],
    blank: { Name: '', EventType: 4, Enabled: true, ObjectIds: [], GroupId: 0 },
    rule: { mentions: ['objects', 'eventSettingGroups'], sentence: ruleSentence },
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
