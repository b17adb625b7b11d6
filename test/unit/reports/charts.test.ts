/**
 * What the report charts draw, read from a finished table: the geozone timeline's rows (one
 * per object, a visit still open running to the interval's end, a visit begun before the
 * interval cut at its start) and the counters chart's objects, largest first.
 */
import { describe, expect, it } from 'vitest';
import type { ReportTable } from '../../../common/methods/reports';
import { counterLines, OTHER_ZONE_COLOUR, timelineRows, ZONE_COLOURS, zoneColours, type TimelineRow } from '../../../renderer/src/reports/chart-model';

const H = 3_600_000;
const base = (over: Partial<ReportTable>): ReportTable => ({
  key: 'k', fileBase: 'f', kind: 'geozones', from: 100 * H, till: 200 * H, objectIds: [1, 2], columns: [], rows: [], objectTotals: [], total: [], timeZones: {}, fetchedAt: 0, failed: [], ...over,
});

describe('report charts', () => {
  it('timeline: one row per object in the table order, open visits to the end, early ones cut at the start', () => {
    const t = base({
      rows: [
        { objectId: 2, cells: ['Bus', 'Depot', 90 * H, 110 * H, 20 * 3600] },
        { objectId: 1, cells: ['Car', 'Yard', 120 * H, 130 * H, 10 * 3600] },
        { objectId: 2, cells: ['Bus', 'Market', 150 * H, null, 50 * 3600] },
      ],
    });
    expect(timelineRows(t)).toEqual([
      { objectId: 2, name: 'Bus', visits: [{ zone: 'Depot', enter: 100 * H, exit: 110 * H }, { zone: 'Market', enter: 150 * H, exit: 200 * H }] },
      { objectId: 1, name: 'Car', visits: [{ zone: 'Yard', enter: 120 * H, exit: 130 * H }] },
    ]);
  });

  it('counters: the objects with the most of the chosen counter, largest first, at most ten', () => {
    const columns = [{ id: 'object', label: 'Object', type: 'text' as const }, { id: 'mileage', label: 'Mileage', type: 'number' as const }, { id: 'engineHours', label: 'Engine hours', type: 'number' as const }];
    const rows = Array.from({ length: 12 }, (_, i) => ({ objectId: i, cells: [`O${i}`, i * 10, 100 - i] }));
    const t = base({ kind: 'counters', columns, rows });
    const km = counterLines(t, 'mileage');
    expect(km).toHaveLength(10);
    expect(km[0]).toEqual({ name: 'O11', value: 110 });
    expect(km.at(-1)).toEqual({ name: 'O2', value: 20 });
    expect(counterLines(t, 'engineHours')[0]).toEqual({ name: 'O0', value: 100 });
  });
});

describe('geozone colours on the visits timeline', () => {
  const H = 3_600_000;
  const row = (objectId: number, visits: Array<[string, number]>): TimelineRow => ({ objectId, name: `Car ${objectId}`, visits: visits.map(([zone, hours]) => ({ zone, enter: 0, exit: hours * H })) });

  it('gives each geozone its own colour while the palette lasts', () => {
    const c = zoneColours([row(1, [['Depot', 5], ['Yard', 1]]), row(2, [['Depot', 2], ['Store', 3]])]);
    expect(c.named).toEqual(['Depot', 'Store', 'Yard']);
    expect(new Set(c.of.values()).size).toBe(3);
    expect(c.others).toBe(0);
  });

  it('past the palette, the geozones with the most time inside keep theirs and the rest share the grey', () => {
    const zones = Array.from({ length: ZONE_COLOURS.length + 3 }, (_, i) => [`Zone ${String(i).padStart(2, '0')}`, 100 - i] as [string, number]);
    const c = zoneColours([row(1, zones)]);
    expect(c.named).toEqual(zones.slice(0, ZONE_COLOURS.length - 1).map(([z]) => z));
    expect(new Set(c.named.map((z) => c.of.get(z))).size).toBe(c.named.length);
    expect(c.named.some((z) => c.of.get(z) === OTHER_ZONE_COLOUR)).toBe(false);
    expect(c.others).toBe(4);
    expect(zones.slice(ZONE_COLOURS.length - 1).map(([z]) => c.of.get(z))).toEqual(Array(4).fill(OTHER_ZONE_COLOUR));
  });
});
