/**
 * One uploaded file → a track: the kind is decided by the bytes, and a name that claims
 * another kind (track.gpx holding CSV, a KML that is HTML) is refused with both named.
 */
import { FleetError } from '../../../common/errors';
import { readCsv } from './csv';
import { readGpx } from './gpx';
import { readKml } from './kml';
import type { ReadTrack } from './types';
import { readXml } from './xml-reader';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export function readTrackFile(fileName: string, bytes: Uint8Array): ReadTrack {
  if (bytes.byteLength === 0) throw new FleetError('invalid_input', `${fileName} is empty`);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new FleetError('invalid_input', `${fileName} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FleetError('invalid_input', `${fileName} is not a text file (GPX, KML and CSV are UTF-8 text)`);
  }
  const ext = /\.(gpx|kml|csv|txt)$/i.exec(fileName)?.[1]?.toLowerCase();
  const xml = text.replace(/^\uFEFF/, '').trimStart().startsWith('<');
  if (ext === 'csv' || ext === 'txt') {
    if (xml) throw new FleetError('invalid_input', `${fileName} is named as CSV but holds XML or HTML`);
    return readCsv(text, fileName);
  }
  if (ext === 'gpx' || ext === 'kml') {
    if (!xml) throw new FleetError('invalid_input', `${fileName} is named as ${ext.toUpperCase()} but is not XML`);
    const root = readXml(text, fileName);
    return ext === 'gpx' ? readGpx(root, fileName) : readKml(root, fileName);
  }
  if (!xml) return readCsv(text, fileName);
  const root = readXml(text, fileName);
  if (root.name === 'gpx') return readGpx(root, fileName);
  if (root.name === 'kml') return readKml(root, fileName);
  throw new FleetError('invalid_input', `${fileName} is XML with the root <${root.name}>, neither GPX nor KML`);
}
