/**
 * The Admin screen's words kept as keys in its tables (actions, columns, the catalogue's
 * collections and fields) exist in every language, and the shared schemas' English complaints
 * reach a Russian or Lithuanian operator in their language. The i18n suite checks the keys
 * written in calls; these are the ones stored in data, which it cannot see.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueSchemas } from '../../../common/catalogue';
import { GeozoneDraftSchema } from '../../../common/methods/geozones';
import { ACTIONS } from '../../../renderer/src/admin/actions';
import { SECTIONS } from '../../../renderer/src/admin/catalogue/collections';
import { collectionKey, type CollectionPhrase } from '../../../renderer/src/admin/catalogue/descriptor';
import { fieldErrorText } from '../../../renderer/src/admin/catalogue/field-error';
import { GEOZONE_DESC } from '../../../renderer/src/admin/geozones/desc';
import { chooseLanguage, i18n } from '../../../renderer/src/i18n';
import { LANGUAGES } from '../../../renderer/src/i18n/languages';

const PHRASES: CollectionPhrase[] = ['title', 'new', 'create', 'record', 'deleteTitle', 'deleteAsk'];

/** The Objects table's headers, read from its source: the module draws icons, which needs the RPC client of a page. */
const columnHeaders = () => [...readFileSync(join(import.meta.dirname, '../../../renderer/src/admin/admin-columns.tsx'), 'utf8').matchAll(/'(objects\.columns\.\w+)'/g)].map((m) => m[1]!);

function storedKeys(): string[] {
  const keys = [...ACTIONS.flatMap((a) => [a.label, a.noun]), ...columnHeaders()];
  for (const d of [...SECTIONS, GEOZONE_DESC]) {
    if (d !== GEOZONE_DESC) keys.push(...PHRASES.map((p) => collectionKey(d.id, p)));
    if (d.note) keys.push(d.note);
    for (const c of d.columns) keys.push(c.label, ...(c.empty ? [c.empty] : []));
    for (const f of d.fields) keys.push(f.label, ...(f.help ? [f.help] : []));
  }
  return keys;
}

/** Bad input for every shared message: each record breaks each of its fields. */
const BAD: [keyof typeof catalogueSchemas, Record<string, unknown>][] = [
  ['objectGroups', { Name: '', Color: 'red' }],
  ['drivers', { Name: 'x'.repeat(201), GroupId: -1, Phone: 'x'.repeat(501), LicenceNumber: '' }],
  ['driverKeys', { UId: 'zz', Name: '', GroupId: 1.5, DriverId: 0 }],
  ['driverShifts', { Name: 'a', StartMinute: 2000, DurationMinutes: 0, DriverIds: '0, 1.5' }],
  ['driverPenalties', { Name: 'a', EventType: 0, Points: -1 }],
  ['eventSettings', { Name: 'a', GroupId: 0, EventType: 0, Enabled: true, ObjectIds: [] }],
  ['commandTemplates', { Name: 'a', Command: ' ', Destructive: false }],
  ['users', { Login: '', Name: 'a', Email: 'nope', IsAdmin: false, CompanyId: 0 }],
  ['objects', { Name: 'a', IMEI: '12', DeviceType: '', StateNumber: '', Phone: '', Phone1: '', IconId: 1, TrackColor: '#000000', MaxSpeed: 0, Timeout: 0, TimeZone: '', GroupIds: [], Comment: '' }],
];
const BAD_ZONES = [
  { Name: '', Color: '#112233', GroupId: 0, Type: 'Circle', Points: [] },
  { Name: 'a', Color: '#112233', GroupId: 0, Type: 'Polygon', Points: [{ Lat: 1, Lng: 1 }] },
  { Name: 'a', Color: '#112233', GroupId: 0, Type: 'Line', Points: [{ Lat: 1, Lng: 1 }], Width: 0 },
];

function complaints(): { type: string; message: string }[] {
  const out: { type: string; message: string }[] = [];
  for (const [id, record] of BAD) for (const i of catalogueSchemas[id].safeParse(record).error?.issues ?? []) out.push({ type: i.code, message: i.message });
  for (const z of BAD_ZONES) for (const i of GeozoneDraftSchema.safeParse(z).error?.issues ?? []) out.push({ type: i.code, message: i.message });
  return out;
}

describe('the Admin screen’s stored words', () => {
  afterEach(() => chooseLanguage('en'));

  it('has every key its tables keep, in every language', () => {
    expect(columnHeaders()).toHaveLength(10);
    const missing = storedKeys().flatMap((k) => LANGUAGES.filter((lng) => !i18n.exists(k, { ns: 'admin', lng, fallbackLng: false })).map((lng) => `${lng}: ${k}`));
    expect(missing).toEqual([]);
  });

  it('says the shared schemas’ complaints in Russian and Lithuanian, and leaves the English as written', async () => {
    const all = complaints();
    expect(all.length).toBeGreaterThan(20);
    await chooseLanguage('en');
    for (const c of all) if (c.type === 'custom' || !c.message.startsWith('Invalid')) expect(fieldErrorText(c)).toBe(c.message);
    for (const lng of ['ru', 'lt'] as const) {
      await chooseLanguage(lng);
      const untranslated = all.filter((c) => fieldErrorText(c) === c.message).map((c) => c.message);
      expect(untranslated, lng).toEqual([]);
    }
    expect(fieldErrorText({ type: 'server', message: 'UId is already in use' })).toBe('UId is already in use');
  });
});
