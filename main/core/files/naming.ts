/** The name a saved device file gets: the object's name and the file's time, so a folder of them sorts and reads. */
import { FILE_KINDS } from '../../../common/file-kinds';

/** Characters no file system accepts, and control characters, become "_". */
function safe(s: string): string {
  return s.replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_').replace(/\s+/g, ' ').trim().slice(0, 80) || 'object';
}

function extensionFor(type: string): string {
  const k = FILE_KINDS.find((x) => x.type === type.toLowerCase());
  if (k) return k.extensions[0]!;
  const sub = /^[a-z]+\/([a-z0-9]+)$/i.exec(type)?.[1];
  return sub && sub.length <= 5 ? sub.toLowerCase() : 'bin';
}

/**
 * "<object> <yyyy-mm-dd HH-MM-SS>Z.<ext>" in UTC: a saved file leaves the application, so its
 * name carries a zone-free time (the "Z") rather than one that depends on this computer.
 */
export function savedFileName(objectName: string, time: number, type: string): string {
  const iso = new Date(time).toISOString(); // 2026-11-26T08:15:30.123Z
  const stamp = `${iso.slice(0, 10)} ${iso.slice(11, 19).replace(/:/g, '-')}Z`;
  return `${safe(objectName)} ${stamp}.${extensionFor(type)}`;
}

/** Names made unique within one zip: a second file with the same name gets " (2)". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const count = (seen.get(n) ?? 0) + 1;
    seen.set(n, count);
    if (count === 1) return n;
    const dot = n.lastIndexOf('.');
    return dot > 0 ? `${n.slice(0, dot)} (${count})${n.slice(dot)}` : `${n} (${count})`;
  });
}
