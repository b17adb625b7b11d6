/**
 * KML → positions: a gx:Track (<when> paired with <gx:coord> "lng lat alt"), else Placemarks
 * each with a <TimeStamp><when> and a <Point><coordinates> "lng,lat,alt". A LineString has no
 * times, so it is refused rather than given invented ones.
 */
import { FleetError } from '../../../common/errors';
import type { ReadPoint, ReadTrack } from './types';
import { child, descendants, type XmlElement } from './xml-reader';

export function readKml(root: XmlElement, fileName: string): ReadTrack {
  if (root.name !== 'kml') throw new FleetError('invalid_input', `${fileName} is not a KML file: its root element is <${root.name}>, not <kml>`);
  const name = descendants(root, 'name')[0]?.text.trim() || undefined;
  const points: ReadPoint[] = [];
  for (const track of descendants(root, 'Track')) {
    const whens = track.children.filter((c) => c.name === 'when');
    const coords = track.children.filter((c) => c.name === 'coord');
    if (whens.length !== coords.length) throw new FleetError('invalid_input', `${fileName}, line ${track.line}: the track has ${whens.length} <when> and ${coords.length} <gx:coord>`);
    whens.forEach((w, i) => points.push(point(points.length + 1, w.line, w.text, coords[i]!.text.trim().split(/\s+/))));
  }
  if (!points.length) {
    for (const pm of descendants(root, 'Placemark')) {
      const when = descendants(pm, 'TimeStamp').map((t) => child(t, 'when'))[0];
      const c = descendants(pm, 'Point').map((p) => child(p, 'coordinates'))[0];
      if (!when && !c) continue;
      points.push(point(points.length + 1, pm.line, when?.text, c ? c.text.trim().split(',') : []));
    }
  }
  if (!points.length) {
    const line = descendants(root, 'LineString').length > 0;
    throw new FleetError('invalid_input', line
      ? `${fileName} has a line without times (<LineString>); a track with times (<gx:Track> or timestamped placemarks) is needed`
      : `${fileName} has no timed positions (<gx:Track> or placemarks with <TimeStamp>)`);
  }
  return { format: 'kml', name, points };
}

function point(row: number, line: number, when: string | undefined, parts: string[]): ReadPoint {
  const [lng, lat, alt] = parts.map((s) => (s.trim() === '' ? NaN : Number(s)));
  const p: ReadPoint = { row, line, time: when ? Date.parse(when.trim()) : NaN, lat: lat ?? NaN, lng: lng ?? NaN };
  if (alt !== undefined && Number.isFinite(alt)) p.alt = alt;
  const problems: string[] = [];
  if (!when?.trim()) problems.push('no <when>');
  else if (!Number.isFinite(p.time)) problems.push(`time "${when.trim()}" is not a date`);
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng)) problems.push(`coordinates "${parts.join(',')}" are not "longitude,latitude"`);
  if (problems.length) p.error = problems.join('; ');
  return p;
}
