/** Report answers of consecutive windows merged as one answer over the whole interval would be. */
import { describe, expect, it } from 'vitest';
import { mergeWindows, readWindow } from '../../../main/core/reports/merge';

const A = { from: 0, till: 1000 };
const B = { from: 1000, till: 2000 };

describe('mergeWindows', () => {
  it('joins a geozone visit cut by the window edge, keeps separate visits apart', () => {
    const a = readWindow('geozones', [{ ObjectId: 1, GeozoneId: 7, GeozoneName: 'Depot', Enter: 900, Exit: 0, Duration: 100 }], A);
    const b = readWindow('geozones', [
      { ObjectId: 1, GeozoneId: 7, GeozoneName: 'Depot', Enter: 1000, Exit: 1200, Duration: 200 },
      { ObjectId: 1, GeozoneId: 7, GeozoneName: 'Depot', Enter: 1500, Exit: 1600, Duration: 100 },
    ], B);
    const m = mergeWindows('geozones', [{ ...A, agg: a.get(1) }, { ...B, agg: b.get(1) }]);
    expect(m).toEqual({ kind: 'geozones', v: [{ zoneId: 7, zone: 'Depot', enter: 900, exit: 1200, duration: 300 }, { zoneId: 7, zone: 'Depot', enter: 1500, exit: 1600, duration: 100 }] });
  });

  it('counts an ignition period across the edge once, and adds the times', () => {
    const a = readWindow('moto', [{ ObjectId: 1, Intervals: [{ From: 100, Till: 200 }, { From: 800, Till: 1000 }], EngineTime: 300, MoveTime: 200, IdleTime: 100 }], A);
    const b = readWindow('moto', [{ ObjectId: 1, Intervals: [{ From: 1000, Till: 1100 }], EngineTime: 100, MoveTime: 50, IdleTime: 50 }], B);
    const m = mergeWindows('moto', [{ ...A, agg: a.get(1) }, { ...B, agg: b.get(1) }]);
    expect(m?.kind === 'moto' && m.v).toMatchObject({ engine: 400, move: 250, idle: 150, periods: 2 });
  });

  it('counters: start of the first window, end of the last, mileage summed; camelCase and strings read', () => {
    const a = readWindow('counters', [{ objectId: '1', odometerStart: '100', odometerEnd: 150, mileage: 50, engineHoursStart: 10, engineHoursEnd: 12 }], A);
    const b = readWindow('counters', [{ ObjectId: 1, OdometerStart: 150, OdometerEnd: 175.5, Mileage: 25.5, EngineHoursStart: 12, EngineHoursEnd: 13 }], B);
    const m = mergeWindows('counters', [{ ...A, agg: a.get(1) }, { ...B, agg: b.get(1) }]);
    expect(m).toEqual({ kind: 'counters', v: { odoStart: 100, odoEnd: 175.5, mileage: 75.5, ehStart: 10, ehEnd: 13 } });
  });
});
