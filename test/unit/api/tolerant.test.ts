import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../common/errors';
import { EventSchema, FleetObjectSchema, HistorySchema, ProfileSchema, type MovementInterval } from '../../../common/resources';
import { decodeBody, decodeBodyDetailed, normalize, yyyymmddToMs } from '../../../main/core/api/tolerant';
import { many, looseList, recordList, writeResult } from '../../../main/core/api/shared';
import { z } from 'zod';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function logSpy() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (m: string) => void warnings.push(m) } };
}

function fleetError(fn: () => unknown): FleetError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FleetError);
    return e as FleetError;
  }
  throw new Error('expected a FleetError');
}

describe('decodeBody', () => {
  it('parses JSON and returns undefined for an empty body', () => {
    expect(decodeBody('{"a":1}', 'GET /x')).toEqual({ a: 1 });
    expect(decodeBody('', 'GET /x')).toBeUndefined();
    expect(decodeBody('  \n', 'GET /x')).toBeUndefined();
  });

  it('unwraps a JSON string that wraps JSON (recorded Profile body)', () => {
    const { log, warnings } = logSpy();
    const raw = decodeBody(fixture('profile-wrapped.txt'), 'GET /api/Profile', log);
    const p = normalize(ProfileSchema, raw, 'GET /api/Profile');
    expect(p.Objects[0]?.Name).toBe('Truck 1');
    expect(p.Objects[0]?.Sensors?.[0]?.Id).toBe(10);
    expect(p.ServerTime).toBe(1718000000000);
    expect(warnings).toEqual([]);
  });

  it('repairs almost-JSON (single quotes, trailing commas, unquoted keys, truncation) and warns', () => {
    const { log, warnings } = logSpy();
    const raw = decodeBody(fixture('objects-almost.txt'), 'GET /api/Objects', log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('GET /api/Objects');
    const list = many(FleetObjectSchema)(raw, 'GET /api/Objects');
    expect(list.map((o) => o.Id)).toEqual([1, 2, 3]);
    expect(list[0]).toMatchObject({ IMEI: '356938035643809', Status: 1, GroupIds: [1, 2] });
    expect(list[1]).toMatchObject({ Name: 'Van 2', CreateDate: '2023-04-01T10:00:00' });
    expect(list[1]?.Sensors?.[0]).toMatchObject({ Id: 5, Name: 'Ignition', DataType: 1 });
  });

  it('returns a plain-text body as the string itself', () => {
    expect(decodeBody('eyJhbGciOi.abc.def', 'POST /api/Token')).toBe('eyJhbGciOi.abc.def');
  });

  it('fails clearly on a body that looks like JSON but cannot be repaired', () => {
    const e = fleetError(() => decodeBody('{"a": [1, 2}}}}]]"', 'GET /api/Objects'));
    expect(e.code).toBe('server_error');
    expect(e.message).toContain('GET /api/Objects');
  });
});

describe('normalize', () => {
  it('matches camelCase and lower-case keys onto canonical names and keeps unknown fields', () => {
    const ev = many(EventSchema)(JSON.parse(fixture('events-lower.json')), 'GET /api/Events');
    expect(ev[0]).toEqual({ Id: 9001, ObjectId: 101, Time: 1718000000000, Type: 4, Status: 0, Text: 'Ignition on', ResetTime: 0, NotificationId: 0 });
    expect(ev[1]).toMatchObject({ Id: 9002, ObjectId: 102, Time: 0, Type: 8, ResetTime: 0, Text: 'Never' });
    const o = normalize(FleetObjectSchema, { id: 1, name: 'A', vendorThing: { x: 1 } }, 'GET /api/Objects/1');
    expect(o).toEqual({ Id: 1, Name: 'A', vendorThing: { x: 1 } });
  });

  it('prefers the exact canonical key when two spellings arrive', () => {
    const o = normalize(FleetObjectSchema, { Id: 1, id: 2, Name: 'A' }, 'x');
    expect(o.Id).toBe(1);
    expect(o.id).toBe(2);
  });

  it('coerces numbers, booleans and strings that arrive in the wrong type', () => {
    const s = z.looseObject({ N: z.number(), B: z.boolean(), S: z.string(), O: z.number().optional() });
    expect(normalize(s, { n: '123', b: 'true', s: 42, o: '' }, 'x')).toEqual({ N: 123, B: true, S: '42' });
    expect(normalize(s, { N: ' -1.5e2 ', B: 0, S: 'x' }, 'x')).toEqual({ N: -150, B: false, S: 'x' });
  });

  it('treats 0, "0000", "" and null times as never reported (0); ISO times become ms', () => {
    const s = z.looseObject({ Time: z.number(), ResetTime: z.number().optional() });
    expect(normalize(s, { Time: '0000', ResetTime: null }, 'x')).toEqual({ Time: 0, ResetTime: 0 });
    expect(normalize(s, { Time: null }, 'x')).toEqual({ Time: 0 });
    expect(normalize(s, {}, 'x')).toEqual({ Time: 0 });
    expect(normalize(s, { Time: '2024-06-10T00:00:00Z' }, 'x').Time).toBe(Date.UTC(2024, 5, 10));
    expect(normalize(s, { Time: '2024-06-10 00:00:00' }, 'x').Time).toBe(Date.UTC(2024, 5, 10));
  });

  it('names endpoint and field when a value cannot be coerced, and never returns a partial result', () => {
    const e = fleetError(() => many(EventSchema)([{ Id: 1, ObjectId: 1, Time: 1, Type: 1 }, { Id: 2, ObjectId: 'abc', Time: 1, Type: 1 }], 'GET /api/Events'));
    expect(e.code).toBe('server_error');
    expect(e.message).toBe('GET /api/Events: [1].ObjectId: expected a number, got "abc"');
  });

  it('reports a missing required field', () => {
    const e = fleetError(() => normalize(FleetObjectSchema, { Id: 1 }, 'GET /api/Objects/1'));
    expect(e.message).toBe('GET /api/Objects/1: Name: missing (expected a string)');
  });

  it('reports a body of the wrong kind', () => {
    const e = fleetError(() => normalize(ProfileSchema, 'Service unavailable', 'GET /api/Profile'));
    expect(e.message).toBe('GET /api/Profile: body: expected an object, got "Service unavailable"');
  });

  it('tells movement and parking intervals apart and normalises a lower-case history', () => {
    const h = normalize(HistorySchema, JSON.parse(fixture('history.json')), 'POST /api/ObjectsHistory');
    const [parking, movement] = h.Track.Intervals;
    expect(parking).toEqual({ From: 1718000000000, Till: 1718000600000, Position: { Lat: 55.1, Lng: 37.2, Alt: 100 } });
    expect((movement as MovementInterval | undefined)?.Positions[1]).toEqual({ Lat: 55.2, Lng: 37.3, Time: 1718000700000, Speed: 42, heading: 95 });
    expect(h.Files[0]).toEqual({ ObjectId: 101, Time: 1718000660000, Type: 'image/jpeg', Uid: 'a1b2' });
    expect(h.Sensors[0]?.Intervals[0]?.Values[0]).toEqual({ Time: 1718000000000, Value: 12.5 });
    expect(h.Violations.AccelerometerFaulty).toBe(false);
    expect(h.Violations.AccelerationViolations).toHaveLength(1);
  });

  it('converts yyyymmdd days to UTC midnight', () => {
    expect(yyyymmddToMs(20240610)).toBe(Date.UTC(2024, 5, 10));
    expect(yyyymmddToMs('20241301')).toBeNull();
  });
});

describe('catalogue helpers', () => {
  it('loose lists keep records and plain values; Id coerced', () => {
    expect(looseList([{ id: '4', name: 'x' }, 'Teltonika FMB920', 7], 'GET /api/Objects/models')).toEqual([{ Id: 4, name: 'x' }, 'Teltonika FMB920', 7]);
    expect(looseList({ Data: [{ ID: 1 }] }, 'x')).toEqual([{ Id: 1 }]);
    expect(looseList(undefined, 'x')).toEqual([]);
    // A non-numeric identifier (report column "Object") is kept; a nonsensical one is an error.
    expect(looseList([{ Id: 'Object', Name: 'Object' }], 'x')).toEqual([{ Id: 'Object', Name: 'Object' }]);
    expect(() => looseList([{ Id: { a: 1 } }], 'GET /api/ReportTemplates/GetReportTypes')).toThrow('GET /api/ReportTemplates/GetReportTypes: [0].Id:');
    expect(() => recordList([{ Id: 'abc' }], 'GET /api/Drivers')).toThrow('GET /api/Drivers: [0].Id: expected a number, got "abc"');
  });

  it('write results carry the id the server gave, if any', () => {
    expect(writeResult(undefined, 'x')).toEqual({ id: null, record: null, raw: undefined });
    expect(writeResult(42, 'x').id).toBe(42);
    expect(writeResult('42', 'x').id).toBe(42);
    expect(writeResult({ id: '7', Name: 'n' }, 'x')).toMatchObject({ id: 7, record: { Id: 7, Name: 'n' }, raw: { id: '7', Name: 'n' } });
  });

  it('rewrites a decoded body in place, renaming only fields it does not have in their own spelling', () => {
    const raw = { id: '3', Name: 'a', name: 'b', object_id: 5, extra: { x: 1 } };
    const o = normalize(FleetObjectSchema, raw, 'x');
    expect(o).toMatchObject({ Id: 3, Name: 'a', extra: { x: 1 } });
    // The same object, rewritten: no copy per object at 50,000 of them.
    expect(raw).toMatchObject({ Id: 3, Name: 'a', name: 'b' });
    expect(raw).not.toHaveProperty('id');
  });
});

describe('corrupt and truncated bodies', () => {
  it('refuses binary garbage instead of "repairing" it into a partial list', () => {
    const e = fleetError(() => decodeBody('[{"Id":1,"Name":"a"},\u0000<<garbled', 'GET /api/Objects'));
    expect(e.code).toBe('server_error');
    expect(e.message).toBe("The service's answer could not be read: GET /api/Objects (it is not JSON: it holds binary data)");
  });
  it('tells a truncated body from a merely sloppy one', () => {
    expect(decodeBodyDetailed('{"a":[1,2', 'x').repaired).toBe('truncated');
    expect(decodeBodyDetailed("{'a':[1,2,],}", 'x').repaired).toBe('syntax');
    expect(decodeBodyDetailed('{"a":"x]"}', 'x').repaired).toBeNull();
  });
});
