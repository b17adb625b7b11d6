import { describe, expect, it } from 'vitest';
import { readTrackFile } from '../../../main/core/history-import/read-file';
import { readXml } from '../../../main/core/history-import/xml-reader';

const enc = (s: string) => new TextEncoder().encode(s);

const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported -->
<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Truck &amp; trailer</name><trkseg>
    <trkpt lat="52.5" lon="13.4"><ele>34</ele><time>2026-11-20T10:00:00Z</time><extensions><speed>10</speed><course>90</course></extensions></trkpt>
    <trkpt lat='52.501' lon="13.401"><time>2026-11-20T10:00:30Z</time></trkpt>
    <trkpt lat="north" lon="13.4"><time>2026-11-20T10:01:00Z</time></trkpt>
    <trkpt lat="52.502" lon="13.402"/>
  </trkseg></trk>
</gpx>`;

describe('GPX', () => {
  it('reads points with time, elevation, speed in km/h, course, and row-level problems with their line', () => {
    const t = readTrackFile('a.gpx', enc(GPX));
    expect(t.format).toBe('gpx');
    expect(t.name).toBe('Truck & trailer');
    expect(t.points).toHaveLength(4);
    expect(t.points[0]).toMatchObject({ row: 1, line: 5, lat: 52.5, lng: 13.4, alt: 34, speed: 36, heading: 90, time: Date.UTC(2026, 10, 20, 10) });
    expect(t.points[1]!.error).toBeUndefined();
    expect(t.points[2]!.error).toMatch(/not numbers/);
    expect(t.points[3]).toMatchObject({ row: 4, line: 8 });
    expect(t.points[3]!.error).toMatch(/no <time>/);
  });

  it('refuses a GPX without points, a file named .gpx that is not XML, and broken XML with its line', () => {
    expect(() => readTrackFile('e.gpx', enc('<gpx><trk/></gpx>'))).toThrow(/no track points/);
    expect(() => readTrackFile('e.gpx', enc('time,lat,lon\n'))).toThrow(/named as GPX but is not XML/);
    expect(() => readTrackFile('e.gpx', enc('<gpx>\n<trk>\n</gpx>'))).toThrow(/line 3: Expected closing tag 'trk'/);
    expect(() => readTrackFile('e.gpx', enc('<html><body/></html>'))).toThrow(/not a GPX file: its root element is <html>/);
    expect(() => readTrackFile('e.gpx', new Uint8Array([0xff, 0xfe, 0x00, 0x3c]))).toThrow(/not a text file/);
  });
});

describe('KML', () => {
  it('reads a gx:Track pairing <when> with <gx:coord>', () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name>Van 7</name><Placemark><gx:Track>
      <when>2026-11-20T10:00:00Z</when><when>2026-11-20T10:01:00Z</when>
      <gx:coord>13.4 52.5 30</gx:coord><gx:coord>13.41 52.51 31</gx:coord></gx:Track></Placemark></Document></kml>`;
    const t = readTrackFile('v.kml', enc(kml));
    expect(t).toMatchObject({ format: 'kml', name: 'Van 7' });
    expect(t.points.map((p) => [p.lat, p.lng, p.alt])).toEqual([[52.5, 13.4, 30], [52.51, 13.41, 31]]);
  });

  it('reads timestamped placemarks and refuses a LineString without times', () => {
    const pm = (when: string, c: string) => `<Placemark><TimeStamp><when>${when}</when></TimeStamp><Point><coordinates>${c}</coordinates></Point></Placemark>`;
    const t = readTrackFile('p.kml', enc(`<kml><Document>${pm('2026-11-20T10:00:00Z', '13.4,52.5,0')}${pm('bad', '13.4,52.5')}</Document></kml>`));
    expect(t.points[0]).toMatchObject({ lat: 52.5, lng: 13.4 });
    expect(t.points[1]!.error).toMatch(/time "bad"/);
    expect(() => readTrackFile('l.kml', enc('<kml><Placemark><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark></kml>'))).toThrow(/without times/);
  });
});

describe('CSV', () => {
  it('finds columns by header, reads ISO (zone-less as UTC) and Unix times, numbers rows as file lines', () => {
    const t = readTrackFile('t.csv', enc('Timestamp;Latitude;Longitude;Speed;Course;Altitude;IMEI\n2026-11-20 10:00:00;52.5;13.4;40;180;12;356000\n1795168860;52.6;13.5;;;;356000\nsoon;x;13.5\n'));
    expect(t.name).toBe('356000');
    expect(t.points[0]).toMatchObject({ row: 2, time: Date.UTC(2026, 10, 20, 10), speed: 40, heading: 180, alt: 12 });
    expect(t.points[1]).toMatchObject({ row: 3, time: 1795168860_000, lat: 52.6 });
    expect(t.points[1]!.speed).toBeUndefined();
    expect(t.points[2]).toMatchObject({ row: 4 });
    expect(t.points[2]!.error).toMatch(/time "soon" is not a date; latitude "x" is not a number/);
  });

  it('refuses a CSV without position columns and a .csv holding XML', () => {
    expect(() => readTrackFile('t.csv', enc('name,odometer\nA,1\n'))).toThrow(/not a CSV of positions: no time, latitude, longitude column/);
    expect(() => readTrackFile('t.csv', enc('<gpx/>'))).toThrow(/named as CSV but holds XML/);
  });
});

describe('the XML reader', () => {
  it('decodes entities, CDATA and numeric references, and refuses malformed XML with its line', () => {
    const r = readXml('<a x="1 &lt; 2"><b><![CDATA[<raw>]]>&#65;&#x42;</b></a>', 't');
    expect(r.attrs.x).toBe('1 < 2');
    expect(r.children[0]!.text).toBe('<raw>AB');
    expect(() => readXml('<a>x & y</a>', 't')).toThrow(/line 1: char '&' is not expected/);
    expect(() => readXml('<a b=1></a>', 't')).toThrow(/line 1: Attribute 'b' is without value/);
    expect(() => readXml('<a></a><b/>', 't')).toThrow(/more than one root element/);
    expect(() => readXml('<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]><a/>', 't')).toThrow(/line 2: a DOCTYPE with declarations/);
    expect(() => readXml('<a>\n<b></a>', 't')).toThrow(/line 2: Expected closing tag 'b'/);
    expect(() => readXml('<a>', 't')).toThrow(/Unclosed tag 'a'/);
  });
});
