import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildCsv, buildGpx, buildKml, xmlEscape, type ExportInput } from '../../../renderer/src/history/export/formats';
import { drive, track } from './helpers';

const input: ExportInput = {
  name: 'Truck <7> & "friends"',
  track: track(drive(12_345, Date.UTC(2026, 0, 1))),
  stops: [{ time: Date.UTC(2026, 0, 1, 5), lat: 50, lng: 10, name: 'Stop 1', description: '2 h' }],
  events: [{ time: Date.UTC(2026, 0, 1, 6), lat: 50.1, lng: 10.1, name: 'Speeding: 112 km/h' }],
};

describe('exports', () => {
  it('GPX: one trkpt per track point, waypoints for stops and events, escaped names', () => {
    const gpx = buildGpx(input).join('');
    expect(gpx.match(/<trkpt /g)).toHaveLength(12_345);
    expect(gpx.match(/<wpt /g)).toHaveLength(2);
    expect(gpx).toContain('<name>Truck &lt;7&gt; &amp; &quot;friends&quot;</name>');
    expect(gpx).toContain('<time>2026-01-01T00:00:00.000Z</time>');
    expect(gpx.startsWith('<?xml')).toBe(true);
    expect(gpx.trim().endsWith('</gpx>')).toBe(true);
  });

  it('GPX is built in parts, never one giant string', () => {
    const parts = buildGpx(input);
    expect(parts.length).toBeGreaterThan(3);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan(1_000_000);
  });

  it('KML: a LineString of lng,lat and a placemark per stop and event', () => {
    const kml = buildKml(input).join('');
    const coords = /<coordinates>\n([\s\S]*?)<\/coordinates><\/LineString>/.exec(kml)![1]!.trim().split('\n');
    expect(coords).toHaveLength(12_345);
    expect(coords[0]).toBe('10.0000000,50.0000000');
    expect(kml.match(/<Placemark>/g)).toHaveLength(3);
  });

  it('CSV: a header, one row per point, stop and event, parseable', () => {
    const csv = buildCsv(input).join('');
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[0]).toEqual(['kind', 'time', 'lat', 'lng', 'speed_kmh', 'heading', 'altitude', 'name', 'description']);
    expect(rows).toHaveLength(1 + 12_345 + 2);
    expect(rows.at(-1)).toEqual(['event', '2026-01-01T06:00:00.000Z', '50.1000000', '10.1000000', '', '', '', 'Speeding: 112 km/h', '']);
    expect(rows[1]![4]).toBe('36');
  });

  it('a hole in the data starts a new GPX segment and a new KML line, not a straight jump across it', () => {
    const rows = [...drive(5, Date.UTC(2026, 0, 1)), ...drive(4, Date.UTC(2026, 0, 2), 51, 11)];
    const breaks = new Uint8Array(rows.length);
    breaks[5] = 1;
    const x: ExportInput = { name: 'T', track: track(rows), stops: [], events: [], breaks };
    const gpx = buildGpx(x).join('');
    const segs = [...gpx.matchAll(/<trkseg>([\s\S]*?)<\/trkseg>/g)].map((m) => m[1]!.match(/<trkpt /g)?.length ?? 0);
    expect(segs).toEqual([5, 4]);
    const kml = buildKml(x).join('');
    const lines = [...kml.matchAll(/<LineString><tessellate>1<\/tessellate><coordinates>\n([\s\S]*?)<\/coordinates><\/LineString>/g)].map((m) => m[1]!.trim().split('\n').length);
    expect(lines).toEqual([5, 4]);
    expect(kml).toContain('<MultiGeometry>');
    // Without breaks, one of each.
    expect(buildGpx({ ...x, breaks: undefined }).join('').match(/<trkseg>/g)).toHaveLength(1);
  });

  it('CSV: speeds, headings and altitudes to a tenth, not 32-bit float noise', () => {
    const t = track(drive(3, Date.UTC(2026, 0, 1)));
    t.speed.set([0.4, 12.345, 99.96]);
    t.heading.set([270.1, 0, 359.94]);
    t.alt.set([101.27, NaN, -3.01]);
    expect(String(t.speed[0])).not.toBe('0.4'); // the noise this is about
    const rows = Papa.parse<string[]>(buildCsv({ name: 'T', track: t, stops: [], events: [] }).join('').trim()).data.slice(1);
    expect(rows.map((r) => r.slice(4, 7))).toEqual([
      ['0.4', '270.1', '101.3'],
      ['12.3', '0', ''],
      ['100', '359.9', '-3'],
    ]);
  });

  it('CSV: times in the object’s zone with their offset, and a column per sensor (its last reading at or before each point)', () => {
    const t = track(drive(3, Date.UTC(2026, 0, 1)));
    const fuel = { name: 'Fuel level (l)', time: Float64Array.from([t.time[0]! - 5_000, t.time[1]! + 1]), value: Float64Array.from([40.123456, 39.5]) };
    const late = { name: 'Door', time: Float64Array.from([t.time[2]!]), value: Float64Array.from([1]) };
    const rows = Papa.parse<string[]>(buildCsv({ name: 'T', track: t, stops: input.stops, events: [], zone: 'Europe/Berlin', sensors: [fuel, late] }).join('').trim()).data;
    expect(rows[0]).toEqual(['kind', 'time (Europe/Berlin)', 'lat', 'lng', 'speed_kmh', 'heading', 'altitude', 'name', 'description', 'Fuel level (l)', 'Door']);
    expect(rows[1]![1]).toBe('2026-01-01T01:00:00+01:00');
    expect(rows.slice(1, 4).map((r) => r.slice(9))).toEqual([
      ['40.123', ''],
      ['40.123', ''],
      ['39.5', '1'],
    ]);
    expect(rows[4]!.slice(0, 2)).toEqual(['stop', '2026-01-01T06:00:00+01:00']);
  });

  it('escapes XML', () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
