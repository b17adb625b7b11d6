import { describe, expect, it } from 'vitest';
import { objectsOf, summaryFromRow, summaryOf, summaryRow, SUMMARY_KEYS } from '../../../common/methods/live';
import type { FleetObject } from '../../../common/resources';

const enc = new TextEncoder();
const list = (v: unknown) => ({ json: enc.encode(JSON.stringify(v)), fetchedAt: null });

describe('object summaries as rows', () => {
  const full = { Id: 7, Name: 'Bus 0007', StateNumber: 'PR-CK 3191', IMEI: '351234', Status: 0, GroupIds: [1, 4], DeviceType: 'FMB920', Phone: '+3701', IconId: 3, TrackColor: '#aa0000', Timeout: 600, MaxSpeed: 90, TimeZone: 'Europe/Vilnius', CompanyName: 'Not in a summary', Sensors: [] } as unknown as FleetObject;

  it('reads back as the summary of the object, with no field names written', () => {
    const row = summaryRow(full);
    expect(summaryFromRow(JSON.parse(JSON.stringify(row)))).toEqual(summaryOf(full));
    expect(JSON.stringify(row)).not.toContain('Name');
    expect(JSON.stringify(row).length).toBeLessThan(JSON.stringify(summaryOf(full)).length * 0.6);
    expect(row).toHaveLength(1 + SUMMARY_KEYS.length);
  });

  it('reads a row with every field as the same object, its keys in their order, whatever fields there are', () => {
    // Built from SUMMARY_KEYS itself, so a key appended there and not read by the all-fields path fails here.
    const every = Object.fromEntries(SUMMARY_KEYS.map((k, i) => [k, k === 'GroupIds' ? [i] : `${k}-${i}`])) as unknown as FleetObject;
    const back = summaryFromRow(JSON.parse(JSON.stringify(summaryRow(every))));
    expect(Object.keys(back)).toEqual([...SUMMARY_KEYS]);
    expect(back).toStrictEqual(summaryOf(every));
    // One field short takes the field-by-field way, and still leaves the missing one out.
    const { Phone: _phone, ...short } = every as unknown as Record<string, unknown>;
    expect(summaryFromRow(JSON.parse(JSON.stringify(summaryRow(short as unknown as FleetObject))))).toStrictEqual(summaryOf(short as unknown as FleetObject));
  });

  it('keeps a field the service sent as null apart from one it left out', () => {
    const o = { Id: 8, Name: 'Van 8', Phone: null, MaxSpeed: 0 } as unknown as FleetObject;
    const back = summaryFromRow(JSON.parse(JSON.stringify(summaryRow(o))));
    expect(back).toStrictEqual({ Id: 8, Name: 'Van 8', Phone: null, MaxSpeed: 0 });
    expect('StateNumber' in back).toBe(false);
  });

  it('reads a list of rows, and a list of summary objects as caches made before rows', () => {
    const other = { Id: 9, Name: 'Truck 9', Status: 2 } as unknown as FleetObject;
    expect(objectsOf(list([summaryRow(full), summaryRow(other)]))).toEqual([summaryOf(full), summaryOf(other)]);
    expect(objectsOf(list([summaryOf(full), summaryOf(other)]))).toEqual([summaryOf(full), summaryOf(other)]);
  });

  it('names fields by place, so SUMMARY_KEYS only ever grows at its end', () => {
    // Rows stored by this version are read by the next: a key inserted or moved would shift every field after it.
    const stored = ['Id', 'Name', 'StateNumber', 'IMEI', 'Status', 'GroupIds', 'DeviceType', 'Phone', 'IconId', 'TrackColor', 'Timeout', 'MaxSpeed', 'TimeZone'];
    expect(SUMMARY_KEYS.slice(0, stored.length)).toEqual(stored);
    // One bit per field in the row's first number (a 32-bit integer in JavaScript's bit operations).
    expect(SUMMARY_KEYS.length).toBeLessThanOrEqual(31);
  });

  it('refuses what is neither a row nor a summary, saying where', () => {
    expect(() => objectsOf(list({ Id: 1 }))).toThrow(/not a JSON array/);
    expect(() => objectsOf(list([7]))).toThrow(/neither a row nor an object/);
    expect(() => objectsOf(list([['Bus', 1]]))).toThrow(/without the fields it has/);
  });
});
