/** GPX 1.0 / 1.1 → positions: track points, else route points; speed (m/s) and course from GPX 1.0 or the usual extensions. */
import { FleetError } from '../../../common/errors';
import type { ReadPoint, ReadTrack } from './types';
import { child, descendants, type XmlElement } from './xml-reader';

export function readGpx(root: XmlElement, fileName: string): ReadTrack {
  if (root.name !== 'gpx') throw new FleetError('invalid_input', `${fileName} is not a GPX file: its root element is <${root.name}>, not <gpx>`);
  let els = descendants(root, 'trkpt');
  if (!els.length) els = descendants(root, 'rtept');
  if (!els.length) throw new FleetError('invalid_input', `${fileName} has no track points (<trkpt>) or route points (<rtept>)`);
  const trk = child(root, 'trk') ?? child(root, 'rte');
  const name = (trk && child(trk, 'name')?.text.trim()) || child(root, 'metadata')?.children.find((c) => c.name === 'name')?.text.trim() || undefined;
  return { format: 'gpx', name, points: els.map((el, i) => gpxPoint(el, i + 1)) };
}

function gpxPoint(el: XmlElement, row: number): ReadPoint {
  const p: ReadPoint = { row, line: el.line, time: NaN, lat: num(el.attrs.lat), lng: num(el.attrs.lon) };
  const time = child(el, 'time')?.text.trim();
  const problems: string[] = [];
  if (el.attrs.lat === undefined || el.attrs.lon === undefined) problems.push('lat and lon attributes are required');
  else if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng)) problems.push(`coordinates "${el.attrs.lat}", "${el.attrs.lon}" are not numbers`);
  if (!time) problems.push('no <time>');
  else {
    p.time = Date.parse(time);
    if (!Number.isFinite(p.time)) problems.push(`time "${time}" is not a date`);
  }
  const ext = descendants(el, 'speed')[0]?.text ?? undefined;
  if (ext !== undefined && Number.isFinite(num(ext))) p.speed = num(ext) * 3.6;
  const course = child(el, 'course')?.text ?? descendants(el, 'course')[0]?.text;
  if (course !== undefined && Number.isFinite(num(course))) p.heading = num(course);
  const ele = child(el, 'ele')?.text;
  if (ele !== undefined && Number.isFinite(num(ele))) p.alt = num(ele);
  if (problems.length) p.error = problems.join('; ');
  return p;
}

const num = (s: string | undefined): number => (s === undefined || s.trim() === '' ? NaN : Number(s.trim()));
