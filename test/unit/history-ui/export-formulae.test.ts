import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildCsv } from '../../../renderer/src/history/export/formats';
import { drive, track } from './helpers';

/** A CSV export opened in a spreadsheet must show server text, never run it as a formula. */
describe('CSV export: formula-safe cells', () => {
  const hostile = ['=cmd|\' /C calc\'!A0', '+SUM(A1:A9)', '-2+3', '@SUM(1)', '\t=1+1', '\r=1+1', '=HYPERLINK("http://x")\nsecond line'];
  const t = track(drive(2, Date.UTC(2026, 0, 1), -33.8688, -70.6693));
  t.alt.set([-3.01, 12]);
  const csv = buildCsv({
    name: 'T',
    track: t,
    stops: [{ time: Date.UTC(2026, 0, 1, 5), lat: -33.9, lng: -70.7, name: '=stop', description: '-1 h' }],
    events: hostile.map((name, i) => ({ time: Date.UTC(2026, 0, 1, 6, i), lat: -33.8, lng: -70.6, name })),
  }).join('');
  const rows = Papa.parse<string[]>(csv.trim(), { newline: '\r\n' }).data;

  it('prefixes every string cell that a spreadsheet would run, tab and CR starts included', () => {
    const events = rows.filter((r) => r[0] === 'event');
    expect(events.map((r) => r[7])).toEqual(hostile.map((s) => `'${s}`));
    const stop = rows.find((r) => r[0] === 'stop')!;
    expect(stop[7]).toBe("'=stop");
    expect(stop[8]).toBe("'-1 h");
  });

  it('leaves negative numbers as numbers: coordinates and altitudes are not prefixed', () => {
    const points = rows.filter((r) => r[0] === 'point');
    expect(points[0]!.slice(2, 4)).toEqual(['-33.8688000', '-70.6693000']);
    expect(points[0]![6]).toBe('-3');
    const stop = rows.find((r) => r[0] === 'stop')!;
    expect(stop.slice(2, 4)).toEqual(['-33.9000000', '-70.7000000']);
    expect(csv).not.toContain("'-33");
  });
});
