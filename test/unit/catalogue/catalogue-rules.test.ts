/**
 * The catalogue's pure rules: which form field a server message names, which fields of an
 * edit moved on the service since it was made, and the shared schemas' reading of form input.
 */
import { describe, expect, it } from 'vitest';
import { catalogueSchemas, fieldNamedIn } from '../../../common/catalogue';
import { changedSince } from '../../../main/core/catalogue/pending';

describe('fieldNamedIn', () => {
  it('finds the field a message names, whole words, any case, the longest name first', () => {
    expect(fieldNamedIn('driverKeys', 'DriverId: 98 does not exist')).toBe('DriverId');
    expect(fieldNamedIn('driverKeys', 'uid 00AA11BB is already in use')).toBe('UId');
    expect(fieldNamedIn('objects', 'GroupIds: group 4 does not exist')).toBe('GroupIds');
    expect(fieldNamedIn('drivers', 'Invalid driver: too small')).toBeNull();
  });
});

describe('changedSince', () => {
  it('names the fields of the edit whose value on the service is no longer the one edited from', () => {
    const base = { Id: 1, Name: 'A', Phone: '1', DriverIds: [1, 2] };
    expect(changedSince(base, { Id: 1, Name: 'A', Phone: '2', DriverIds: [1, 2] }, ['Name'])).toEqual([]);
    expect(changedSince(base, { Id: 1, Name: 'B', Phone: '1', DriverIds: [2, 1] }, ['Name', 'DriverIds'])).toEqual(['Name', 'DriverIds']);
  });
});

describe('schemas read form input', () => {
  it('takes ids typed as text, numbers typed as text, and an empty e-mail', () => {
    expect(catalogueSchemas.driverShifts.parse({ Name: 'Early', StartMinute: '360', DurationMinutes: 480, DriverIds: '3, 7;9' })).toMatchObject({ StartMinute: 360, DriverIds: [3, 7, 9] });
    expect(catalogueSchemas.driverShifts.safeParse({ Name: 'Early', StartMinute: 360, DurationMinutes: 480, DriverIds: '3, x' }).success).toBe(false);
    expect(catalogueSchemas.users.safeParse({ Login: 'a', Name: 'A', Email: '', IsAdmin: false, CompanyId: 0 }).success).toBe(true);
    expect(catalogueSchemas.driverKeys.safeParse({ UId: 'XYZ', Name: '', GroupId: 0, DriverId: 0 }).success).toBe(false);
  });
});
