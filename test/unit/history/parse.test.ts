import { describe, expect, it } from 'vitest';
import { parseHistoryBody } from '../../../main/core/history';

/** A recorded POST /api/ObjectsHistory body (simulator, trimmed), with a few oddities added. */
const RECORDED = {
  Track: {
    Intervals: [
      { From: 1000, Till: 5000, Position: { Lat: 50.049282, Lng: 14.430712, Alt: 244 } },
      {
        From: 5000,
        Till: 8000,
        Positions: [
          { Lat: 50.049282, Lng: 14.430698, Alt: 244, Time: 5000, Speed: 0, heading: 270, Sat: 9 },
          { Lat: 50.049241, Lng: 14.43061, Alt: 245, Time: 6000, Speed: 12.5, heading: 265, Sat: 300 },
          { Lat: '50.0492', Lng: 14.4305, Time: 7000 },
          { Lat: 50.1, Lng: 14.5 },
        ],
      },
      { From: 8000, Till: 9000, Position: { Lat: 50.2, Lng: 14.6 } },
      { From: 9000, Till: 9500 },
      { From: 9500, Till: 9600, Positions: [] },
    ],
  },
  Events: [{ Id: 1, ObjectId: 2, Time: 5500, Type: 4 }],
  Files: [],
  Sensors: [{ SensorId: 21, Intervals: [{ From: 1000, Till: 9000, Values: [{ Time: 1000, Value: 1 }, { Time: 2000, Value: 0 }] }] }],
  Violations: { SpeedViolations: [], AccelerationViolations: [], BrakingViolations: [], TurningViolations: [], AccelerometerFaulty: false },
};

const bytes = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));

describe('parseHistoryBody', () => {
  it('tells movement (Positions) from parking (Position) intervals and packs the points', () => {
    const r = parseHistoryBody(bytes(RECORDED));
    expect(r.movementIntervals).toBe(2);
    expect(r.unknownIntervals).toBe(1);
    expect(r.skippedPoints).toBe(1);
    expect(Array.from(r.track.time)).toEqual([5000, 6000, 7000]);
    expect(Array.from(r.track.lat)).toEqual([50.049282, 50.049241, 50.0492]);
    expect(r.track.speed[1]).toBeCloseTo(12.5);
    expect(Number.isNaN(r.track.speed[2])).toBe(true);
    expect(Number.isNaN(r.track.alt[2])).toBe(true);
    expect(Array.from(r.track.sat)).toEqual([9, 255, 0]);
    expect(r.track.time).toBeInstanceOf(Float64Array);
    expect(r.track.heading).toBeInstanceOf(Float32Array);
    expect(r.parkings).toEqual([
      { from: 1000, till: 5000, lat: 50.049282, lng: 14.430712, alt: 244 },
      { from: 8000, till: 9000, lat: 50.2, lng: 14.6 },
    ]);
    expect(r.sensors).toHaveLength(1);
    expect(r.sensors[0]!.sensorId).toBe(21);
    expect(Array.from(r.sensors[0]!.value)).toEqual([1, 0]);
    expect(r.events).toEqual(RECORDED.Events);
  });

  it('accepts an empty body, other key casing and a JSON string holding JSON', () => {
    expect(parseHistoryBody(bytes('')).track.time.length).toBe(0);
    const lower = parseHistoryBody(bytes({ track: { intervals: [{ from: 1, till: 2, positions: [{ lat: 1, lng: 2, time: 3 }] }] } }));
    expect(Array.from(lower.track.time)).toEqual([3]);
    expect(parseHistoryBody(bytes(JSON.stringify(JSON.stringify(RECORDED)))).track.time.length).toBe(3);
  });

  it('refuses what is not a history object', () => {
    expect(() => parseHistoryBody(bytes([1, 2]))).toThrow(/not an object/);
    expect(() => parseHistoryBody(bytes('{"Track":'))).toThrow();
  });
});
