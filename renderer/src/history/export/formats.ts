/**
 * GPX, KML and CSV of an interval: the whole track (never the decimated picture), the
 * stops and the events. Builders return string parts, so a million-point track becomes a
 * Blob without first being one giant string.
 */
import type { TrackColumns } from '../../../../common/track';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { csvRows } from '../../ui/csv';

export interface ExportPoint {
  time: number;
  lat: number;
  lng: number;
  name: string;
  description?: string;
}

export interface ExportInput {
  name: string;
  track: TrackColumns;
  /** 1 where point i does not join point i-1 (a hole in the data): GPX and KML start a new segment there, as the map does. */
  breaks?: Uint8Array;
  stops: ExportPoint[];
  events: ExportPoint[];
  /** CSV: times in this zone (the object's), with their offset; without it, UTC. */
  zone?: string;
  /** CSV: a column per sensor, its last reading at or before each track point. */
  sensors?: ExportSensor[];
  /** KML's folder and placemark words, in the operator's language (English without). */
  words?: { track: string; stops: string; stop: string; events: string; event: string };
}

const ENGLISH = { track: 'Track', stops: 'Stops', stop: 'Stop', events: 'Events', event: 'Event' };

export interface ExportSensor {
  /** The column's heading: the sensor's name and units. */
  name: string;
  time: Float64Array;
  value: Float64Array;
}

export function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

const iso = (ms: number) => new Date(ms).toISOString();
const coord = (v: number) => v.toFixed(7);
/**
 * Speed, heading and altitude to a tenth: they arrive as 32-bit floats, whose shortest
 * decimal form is "0.4000000059604645", noise a spreadsheet would show.
 */
const tenth = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : '');

/** Points per string part: large enough to be cheap, small enough never to make a huge string. */
const PART = 5000;

export function buildGpx(x: ExportInput): string[] {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<gpx version="1.1" creator="Fleet Console" xmlns="http://www.topografix.com/GPX/1/1">\n',
    `<metadata><name>${xmlEscape(x.name)}</name></metadata>\n`,
  ];
  for (const p of [...x.stops, ...x.events]) {
    parts.push(
      `<wpt lat="${coord(p.lat)}" lon="${coord(p.lng)}"><time>${iso(p.time)}</time><name>${xmlEscape(p.name)}</name>` +
        (p.description ? `<desc>${xmlEscape(p.description)}</desc>` : '') +
        '</wpt>\n',
    );
  }
  parts.push(`<trk><name>${xmlEscape(x.name)}</name><trkseg>\n`);
  const t = x.track;
  let buf = '';
  for (let i = 0; i < t.time.length; i++) {
    if (i > 0 && x.breaks?.[i]) buf += '</trkseg><trkseg>\n';
    const ele = Number.isFinite(t.alt[i]) ? `<ele>${t.alt[i]!.toFixed(1)}</ele>` : '';
    buf += `<trkpt lat="${coord(t.lat[i]!)}" lon="${coord(t.lng[i]!)}">${ele}<time>${iso(t.time[i]!)}</time></trkpt>\n`;
    if ((i + 1) % PART === 0) {
      parts.push(buf);
      buf = '';
    }
  }
  parts.push(buf, '</trkseg></trk>\n</gpx>\n');
  return parts;
}

const LINE_START = '<LineString><tessellate>1</tessellate><coordinates>\n';

export function buildKml(x: ExportInput): string[] {
  const placemark = (p: ExportPoint, folder: string) =>
    `<Placemark><name>${xmlEscape(p.name)}</name><description>${xmlEscape(p.description ?? folder)}</description>` +
    `<TimeStamp><when>${iso(p.time)}</when></TimeStamp><Point><coordinates>${coord(p.lng)},${coord(p.lat)}</coordinates></Point></Placemark>\n`;
  const w = x.words ?? ENGLISH;
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n',
    `<name>${xmlEscape(x.name)}</name>\n`,
    '<Style id="track"><LineStyle><color>ffde6f2f</color><width>3</width></LineStyle></Style>\n',
    `<Placemark><name>${xmlEscape(w.track)}</name><styleUrl>#track</styleUrl><MultiGeometry>${LINE_START}`,
  ];
  const t = x.track;
  let buf = '';
  for (let i = 0; i < t.time.length; i++) {
    if (i > 0 && x.breaks?.[i]) buf += `</coordinates></LineString>${LINE_START}`;
    buf += `${coord(t.lng[i]!)},${coord(t.lat[i]!)}${Number.isFinite(t.alt[i]) ? `,${t.alt[i]!.toFixed(1)}` : ''}\n`;
    if ((i + 1) % PART === 0) {
      parts.push(buf);
      buf = '';
    }
  }
  parts.push(buf, '</coordinates></LineString></MultiGeometry></Placemark>\n');
  parts.push(`<Folder><name>${xmlEscape(w.stops)}</name>\n`, ...x.stops.map((p) => placemark(p, w.stop)), '</Folder>\n');
  parts.push(`<Folder><name>${xmlEscape(w.events)}</name>\n`, ...x.events.map((p) => placemark(p, w.event)), '</Folder>\n');
  parts.push('</Document></kml>\n');
  return parts;
}

/** Sensor values to a thousandth: calibrated readings carry float noise too. */
const thousandth = (v: number) => (Number.isFinite(v) ? Math.round(v * 1000) / 1000 : '');

/**
 * One table with a `kind` column, so a spreadsheet can filter track points, stops and
 * events; times in the object's zone with their offset, and a column per sensor.
 */
export function buildCsv(x: ExportInput): string[] {
  const sensors = x.sensors ?? [];
  const zone = x.zone;
  const when = zone ? (ms: number) => format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ssXXX") : iso;
  const header = ['kind', zone ? `time (${zone})` : 'time', 'lat', 'lng', 'speed_kmh', 'heading', 'altitude', 'name', 'description', ...sensors.map((s) => s.name)];
  const parts: string[] = [csvRows([header]) + '\r\n'];
  const t = x.track;
  // One index per sensor moving forward with the track (both are sorted by time).
  const at = sensors.map(() => -1);
  const blanks = sensors.map(() => '');
  let rows: unknown[][] = [];
  const flush = () => {
    if (rows.length) parts.push(csvRows(rows) + '\r\n');
    rows = [];
  };
  for (let i = 0; i < t.time.length; i++) {
    const ti = t.time[i]!;
    const values = sensors.map((s, k) => {
      let j = at[k]!;
      while (j + 1 < s.time.length && s.time[j + 1]! <= ti) j++;
      at[k] = j;
      return j >= 0 ? thousandth(s.value[j]!) : '';
    });
    rows.push(['point', when(ti), coord(t.lat[i]!), coord(t.lng[i]!), tenth(t.speed[i]!), tenth(t.heading[i]!), tenth(t.alt[i]!), '', '', ...values]);
    if (rows.length === PART) flush();
  }
  for (const p of x.stops) rows.push(['stop', when(p.time), coord(p.lat), coord(p.lng), '', '', '', p.name, p.description ?? '', ...blanks]);
  for (const p of x.events) rows.push(['event', when(p.time), coord(p.lat), coord(p.lng), '', '', '', p.name, p.description ?? '', ...blanks]);
  flush();
  return parts;
}
