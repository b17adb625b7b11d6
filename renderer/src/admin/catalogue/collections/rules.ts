/** Event settings (the rules that raise events, with the kinds by name), command and report templates. */
import type { CollectionId } from '../../../../../common/catalogue';
import { i18n } from '../../../i18n';
import { yesNo as yes, type CollectionDesc } from '../descriptor';
import { eventBits, eventNames } from './people';

/** An event setting as the service applies it, from the documented fields only, in the console's language at the call. */
function ruleSentence(v: Record<string, unknown>, name: (c: CollectionId, id: number) => string): string {
  const say = (key: string, values: Record<string, unknown> = {}) => i18n.t(`admin:catalogue.rule.${key}`, values);
  const kinds = eventNames(v.EventType) || say('noKind');
  const ids = Array.isArray(v.ObjectIds) ? (v.ObjectIds as number[]) : [];
  const objects = ids.length ? ids.map((id) => name('objects', id)).join(', ') : say('anyObject');
  const group = typeof v.GroupId === 'number' && v.GroupId > 0 ? say('group', { name: name('eventSettingGroups', v.GroupId) }) : '';
  return say(v.Enabled === false ? 'off' : 'on', { kinds, objects, group });
}

export const ruleCollections: CollectionDesc[] = [
  {
    id: 'eventSettings',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'EventType', label: 'catalogue.field.raisesOn', width: 'minmax(160px, 1fr)', show: eventNames },
      { field: 'Enabled', label: 'catalogue.field.on', width: '60px', show: yes },
      { field: 'ObjectIds', label: 'catalogue.field.objects', width: 'minmax(120px, 1fr)', of: 'objects', empty: 'catalogue.everyObject' },
    ],
    // The interface documents only these fields (no geozone, speed or recipients): the rule says what they do.
    fields: [
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'EventType', label: 'catalogue.field.whenHappens', kind: 'bits', bits: eventBits },
      { name: 'ObjectIds', label: 'catalogue.field.toObjects', kind: 'refs', of: 'objects' },
      { name: 'Enabled', label: 'catalogue.field.raiseEvent', kind: 'checkbox' },
      { name: 'GroupId', label: 'catalogue.field.ruleGroup', kind: 'ref', of: 'eventSettingGroups' },
    ],
    blank: { Name: '', EventType: 4, Enabled: true, ObjectIds: [], GroupId: 0 },
    rule: { mentions: ['objects', 'eventSettingGroups'], sentence: ruleSentence },
  },
  {
    id: 'commandTemplates',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'Command', label: 'catalogue.field.command', width: 'minmax(160px, 1fr)' },
      { field: 'Destructive', label: 'catalogue.field.destructive', width: '100px', show: yes },
    ],
    fields: [
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'Command', label: 'catalogue.field.commandText', kind: 'textarea' },
      { name: 'Destructive', label: 'catalogue.field.destructiveLong', kind: 'checkbox' },
    ],
    blank: { Name: '', Command: '', Destructive: false },
  },
  {
    id: 'reportTemplates',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'ReportType', label: 'catalogue.field.report', width: '140px' },
      { field: 'Columns', label: 'catalogue.field.columns', width: 'minmax(160px, 1fr)', show: (v) => (Array.isArray(v) ? v.join(', ') : '') },
    ],
    fields: [{ name: 'Name', label: 'catalogue.field.name', kind: 'text' }],
    blank: { Name: '' },
    note: 'catalogue.collections.reportTemplates.note',
  },
];
