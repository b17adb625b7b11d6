/**
 * Which object a track file is for: the name the file gives its track or device, else the
 * file's own name without its extension, compared with each object's name (any case) and IMEI.
 * A fleet admin importing one file per vehicle names them after the vehicles.
 */
import type { AdminObjectRow } from '../../../../common/methods/jobs';

export function fileStem(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').trim();
}

export function matchObject(objects: readonly AdminObjectRow[], trackName: string | null, fileName: string): AdminObjectRow | undefined {
  for (const key of [trackName?.trim(), fileStem(fileName)]) {
    if (!key) continue;
    const lower = key.toLowerCase();
    const hit = objects.find((o) => o.name.toLowerCase() === lower || (o.imei !== '' && o.imei === key));
    if (hit) return hit;
  }
  return undefined;
}
