/**
 * A pending write as the screens say it: the core names it in English for its messages, and
 * the pending changes and the undelivered writes say it from its parts in the chosen language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { changeWords } from '../../../common/catalogue';
import type { OutboxItem } from '../../../common/methods/outbox';
import { i18n } from '../../../renderer/src/i18n';
import { changeText, outboxItemText } from '../../../renderer/src/ui/change-text';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const rename = changeWords({ op: 'update', collection: 'drivers', id: 7, record: { Name: 'V. Dubois', Phone: '+1' }, base: { Id: 7, Name: 'Vera Dubois' } });
const item = (over: Partial<OutboxItem>): OutboxItem => ({ id: 1, kind: 'x', state: 'failed', summary: 'As the core said it', attempts: 1, lastError: null, createdAt: 0, updatedAt: 0, ...over });

describe('pending changes in words', () => {
  it('names the record as it was, and the fields an update sends', () => {
    expect(rename).toEqual({ op: 'update', collection: 'drivers', name: 'Vera Dubois', fields: ['Name', 'Phone'] });
    expect(changeWords({ op: 'create', collection: 'users', record: { Login: 'ops' }, base: null }).name).toBe('ops');
    expect(changeWords({ op: 'delete', collection: 'driverKeys', id: 12, base: null }).name).toBe('#12');
  });

  it('says a change in English, Russian and Lithuanian, the fields by their form’s labels when given', async () => {
    expect(changeText(rename)).toBe('Driver “Vera Dubois” — changed: Name, Phone');
    expect(changeText(rename, (f) => (f === 'Phone' ? 'Telephone' : f))).toBe('Driver “Vera Dubois” — changed: Name, Telephone');
    await i18n.changeLanguage('ru');
    expect(changeText(rename)).toBe('Водитель «Vera Dubois» — изменено: Name, Phone');
    expect(changeText({ op: 'delete', collection: 'geozones', name: 'Gate', fields: [] })).toBe('Геозона «Gate» — удаление');
    await i18n.changeLanguage('lt');
    expect(changeText({ op: 'create', collection: 'objectGroups', name: 'North', fields: [] })).toBe('Objektų grupė „North“ — naujas įrašas');
  });

  it('says an undelivered acknowledgement with its count’s plural, and keeps the core’s words for an entry it cannot read', async () => {
    await i18n.changeLanguage('ru');
    expect(outboxItemText(item({ kind: 'events/ack', eventIds: [1, 2, 3, 4, 5] }))).toBe('Подтвердить 5 событий');
    expect(outboxItemText(item({ kind: 'events/ack', eventIds: [] }))).toBe('As the core said it');
    expect(outboxItemText(item({ kind: 'catalogue/write', change: rename }))).toBe('Водитель «Vera Dubois» — изменено: Name, Phone');
  });
});
