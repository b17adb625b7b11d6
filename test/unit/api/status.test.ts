import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../common/errors';
import { JsonScanError, membersOf, scanJson } from '../../../main/core/api/json-spans';
import { hasFix, parseObjectStatus, parseObjectsStatus, statusBatches } from '../../../main/core/api/status';
import { decodeBody } from '../../../main/core/api/tolerant';

const fixture = (name: string) => decodeBody(readFileSync(join(__dirname, 'fixtures', name), 'utf8'), 'GET /api/ObjectsStatus');
const EP = 'GET /api/ObjectsStatus';

describe('ObjectsStatus', () => {
  it('maps the {points, iopoints, ekeys, events, stat} shape onto the documented one', () => {
    const s = parseObjectsStatus(fixture('status-legacy.json'), EP);
    expect(s.Positions[0]).toEqual({ ObjectId: 101, Online: true, Lat: 55.75222, Lng: 37.61556, Alt: 152, Time: 1718000000000, Speed: 43.5, heading: 270, Sat: 11 });
    // 0,0 is no fix; a missing online flag is offline; dt 0 is never reported.
    expect(s.Positions[1]).toMatchObject({ ObjectId: 102, Online: false, Lat: 0, Lng: 0, Time: 0, NoFix: true });
    expect(hasFix(s.Positions[1]!)).toBe(false);
    expect(s.SensorValues).toEqual([
      { SensorId: 7001, Time: 1718000000000, Value: 12.75 },
      { SensorId: 7002, Time: 0, Value: 1 },
    ]);
    expect(s.DriverKeys).toEqual([{ ObjectId: 101, Time: 1717999000000, UId: '00AB34CD' }]);
    expect(s.Stats[0]).toEqual({
      ObjectId: 101, Day: Date.UTC(2024, 5, 10), Length: 120.4, MoveTime: 5400, ParkTime: 3600, IdleTime: 120, EngineTime: 5600, AvgSpeed: 48.2, MaxSpeed: 96, Fuel: 14.2,
    });
    expect(s.Events).toEqual([{ id: 5, trackerid: 101, type: 4 }]);
  });

  it('accepts camelCase / upper-case keys, numbers as strings, null coordinates and times, and keeps unknown fields', () => {
    const s = parseObjectsStatus(fixture('status-camel.json'), EP);
    expect(s.Positions[0]).toEqual({
      ObjectId: 17, Online: true, Lat: 48.8566, Lng: 2.3522, Alt: 35, Time: 1718000000000, Speed: 12.5, heading: 90, Sat: 9, Accuracy: 4.5, extraVendorField: 'kept',
    });
    expect(s.Positions[1]).toEqual({ ObjectId: 18, Online: false, Lat: 0, Lng: 0, Time: 0, NoFix: true });
    expect(s.Positions[2]).toMatchObject({ ObjectId: 19, Online: false, Lat: 51.5 });
    expect(s.Positions[2]).not.toHaveProperty('NoFix');
    expect(s.SensorValues[0]).toEqual({ SensorId: 3, Time: 1718000000000, Value: 1 });
    expect(s.DriverKeys[0]).toEqual({ ObjectId: 17, Time: 1718000000000, UId: '123456' });
    expect(s.Stats[0]).toEqual({ ObjectId: 17, Day: 1717977600000, Length: 10.5 });
  });

  it('legacy times in seconds become ms', () => {
    const s = parseObjectsStatus({ points: [{ trackerid: 1, lat: 1, lon: 2, dt: 1718000000 }] }, EP);
    expect(s.Positions[0]?.Time).toBe(1718000000000);
  });

  it('legacy stat counts metres and milliseconds: mileage becomes km, totalenginetime seconds', () => {
    const s = parseObjectsStatus({ points: [], stat: [{ trackerid: '101', day: '20240610', totalenginetime: '5600000', mileage: '120400' }] }, EP);
    expect(s.Stats[0]).toMatchObject({ ObjectId: 101, Length: 120.4, EngineTime: 5600 });
  });

  it('an unparseable field is a clear error naming endpoint and field', () => {
    let err: unknown;
    try {
      parseObjectsStatus(fixture('status-bad-field.json'), EP);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FleetError);
    expect((err as FleetError).code).toBe('server_error');
    expect((err as FleetError).message).toBe('GET /api/ObjectsStatus: Positions[3].Lat: expected a number, got "abc"');
  });

  it('missing arrays are empty', () => {
    expect(parseObjectsStatus({ Positions: [] }, EP)).toEqual({ Positions: [], SensorValues: [], DriverKeys: [], Stats: [] });
  });
});

describe('ObjectsStatus/{id}', () => {
  const EP1 = 'GET /api/ObjectsStatus/5';
  it('accepts the four-array shape', () => {
    const s = parseObjectStatus({ Positions: [{ ObjectId: 5, Online: true, Lat: 1, Lng: 2, Time: 3 }] }, EP1, 5);
    expect(s.Positions).toHaveLength(1);
  });
  it('accepts a bare position and fills ObjectId', () => {
    const s = parseObjectStatus({ lat: 1, lng: 2, time: 3, online: true }, EP1, 5);
    expect(s.Positions[0]).toEqual({ ObjectId: 5, Online: true, Lat: 1, Lng: 2, Time: 3 });
  });
  it('accepts singular Position / DriverKey / Stat fields', () => {
    const s = parseObjectStatus({ Position: { Lat: 1, Lng: 2, Time: 3 }, SensorValues: [{ SensorId: 1, Time: 3, Value: 4 }], DriverKey: { Time: 3, UId: 'k' }, Stat: { Day: 20240610 } }, EP1, 5);
    expect(s.Positions[0]).toMatchObject({ ObjectId: 5, Lat: 1 });
    expect(s.DriverKeys[0]).toEqual({ ObjectId: 5, Time: 3, UId: 'k' });
    expect(s.Stats[0]).toEqual({ ObjectId: 5, Day: Date.UTC(2024, 5, 10) });
  });
  it('accepts the legacy shape', () => {
    const s = parseObjectStatus({ points: [{ lat: 1, lon: 2, dt: 3 }] }, EP1, 5);
    expect(s.Positions[0]).toMatchObject({ ObjectId: 5, Lat: 1, Lng: 2, Time: 3 });
  });
});

describe('ObjectsStatus read a batch at a time', () => {
  const whole = (text: string) => parseObjectsStatus(decodeBody(text, EP), EP, { exact: true });
  const inBatches = (text: string) => {
    const b = statusBatches(membersOf(scanJson(new TextEncoder().encode(text))), EP);
    return { Positions: [...b.Positions].flat(), SensorValues: [...b.SensorValues].flat(), DriverKeys: [...b.DriverKeys].flat(), Stats: [...b.Stats].flat() };
  };
  const text = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
  const bulk = (n: number) =>
    JSON.stringify({
      Positions: Array.from({ length: n }, (_, i) => ({ ObjectId: i + 1, Online: i % 2 === 0, Lat: i % 7 ? 50 + i / 1e4 : 0, Lng: i % 7 ? 14 : 0, Time: 1718000000000 + i, Speed: i % 90 })),
      SensorValues: Array.from({ length: 2 * n }, (_, i) => ({ SensorId: i + 1, Time: 1718000000000, Value: i % 3 })),
      DriverKeys: [],
      Stats: Array.from({ length: n }, (_, i) => ({ ObjectId: i + 1, Day: 1717977600000, Length: i / 10 })),
    });

  it('gives what the body read whole gives: the documented, legacy and camel-case shapes, over several batches', () => {
    for (const body of [text('status-legacy.json'), text('status-camel.json'), bulk(700)]) {
      const w = whole(body);
      expect(inBatches(body)).toEqual({ Positions: w.Positions, SensorValues: w.SensorValues, DriverKeys: w.DriverKeys, Stats: w.Stats });
    }
    expect(inBatches(bulk(700)).Positions.filter((p) => (p as { NoFix?: boolean }).NoFix)).toHaveLength(100);
  });

  it('refuses a body whose arrays are not arrays, and fails a batch as the whole body fails', () => {
    expect(() => statusBatches(membersOf(scanJson(new TextEncoder().encode('{"Positions": null, "SensorValues": []}'))), EP)).toThrow(JsonScanError);
    expect(() => statusBatches(membersOf(scanJson(new TextEncoder().encode('[]'))), EP)).toThrow(JsonScanError);
    expect(() => inBatches(text('status-bad-field.json'))).toThrow(FleetError);
  });
});
