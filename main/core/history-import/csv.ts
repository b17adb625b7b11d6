/**
 * CSV of positions (papaparse): a header row naming time, latitude and longitude, optionally
 * speed (km/h), heading, altitude and an object name or IMEI. Times are ISO 8601 or Unix
 * seconds/milliseconds; an ISO time without a zone is read as UTC, so the same file gives the
 * same track on every machine.
 */
import Papa from 'papaparse';
import { FleetError } from '../../../common/errors';
import type { ReadPoint, ReadTrack } from './types';

type Field = 'time' | 'lat' | 'lng' | 'speed' | 'heading' | 'alt' | 'name';
const HEADERS: Record<Field, RegExp> = {
  time: /^(time|timestamp|datetime|date ?time|utc|when|date)$/i,
  lat: /^(lat|latitude)$/i,
  lng: /^(lon|lng|long|longitude)$/i,
  speed: /^(speed|speed ?\(?km\/h\)?|kmh|velocity)$/i,
  heading: /^(heading|course|bearing|direction|azimuth)$/i,
  alt: /^(alt|altitude|ele|elevation)$/i,
  name: /^(object|name|vehicle|imei|device)$/i,
};

export function readCsv(text: string, fileName: string): ReadTrack {
  if (text.includes('\u0000')) throw new FleetError('invalid_input', `${fileName} is not a text file`);
  const out = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = out.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw new FleetError('invalid_input', `${fileName}, row ${(fatal.row ?? 0) + 1}: ${fatal.message}`);
  const [header, ...rows] = out.data;
  if (!header) throw new FleetError('invalid_input', `${fileName} is empty`);
  const col = {} as Partial<Record<Field, number>>;
  header.forEach((h, i) => {
    const f = (Object.keys(HEADERS) as Field[]).find((k) => HEADERS[k].test(h.trim()));
    if (f && col[f] === undefined) col[f] = i;
  });
  const missing = (['time', 'lat', 'lng'] as const).filter((f) => col[f] === undefined);
  if (missing.length) {
    throw new FleetError('invalid_input', `${fileName} is not a CSV of positions: no ${missing.map((f) => ({ time: 'time', lat: 'latitude', lng: 'longitude' })[f]).join(', ')} column in the header "${header.join(',').slice(0, 120)}"`);
  }
  const names = new Set<string>();
  const points = rows.map((r, i): ReadPoint => {
    const cell = (f: Field) => (col[f] === undefined ? '' : (r[col[f]!] ?? '').trim());
    const p: ReadPoint = { row: i + 2, time: parseTime(cell('time')), lat: num(cell('lat')), lng: num(cell('lng')) };
    const opt = (f: 'speed' | 'heading' | 'alt') => {
      const v = num(cell(f));
      if (Number.isFinite(v)) p[f] = v;
    };
    opt('speed'); opt('heading'); opt('alt');
    if (cell('name')) names.add(cell('name'));
    const problems: string[] = [];
    if (!Number.isFinite(p.time)) problems.push(cell('time') ? `time "${cell('time')}" is not a date` : 'no time');
    if (!Number.isFinite(p.lat)) problems.push(cell('lat') ? `latitude "${cell('lat')}" is not a number` : 'no latitude');
    if (!Number.isFinite(p.lng)) problems.push(cell('lng') ? `longitude "${cell('lng')}" is not a number` : 'no longitude');
    if (problems.length) p.error = problems.join('; ');
    return p;
  });
  if (!points.length) throw new FleetError('invalid_input', `${fileName} has a header and no rows`);
  return { format: 'csv', name: names.size === 1 ? [...names][0] : undefined, points };
}

const num = (s: string): number => (s === '' ? NaN : Number(s.replace(',', '.')));

export function parseTime(s: string): number {
  if (s === '') return NaN;
  if (/^\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    return n > 1e11 ? n : n * 1000;
  }
  const iso = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(s) ? `${s.replace(' ', 'T')}Z` : s;
  return Date.parse(iso);
}
