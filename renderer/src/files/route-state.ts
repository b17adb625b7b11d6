/**
 * What the Files view shows, kept in the hash (`#/files?o=ID&from=MS&till=MS&at=MS`) so the
 * links from an object's details and from History open the same picture, and a reload keeps it.
 */
export interface FilesRoute {
  objectId?: number;
  from?: number;
  till?: number;
  /** A moment to centre on (a file picked in History): the default interval is the day around it. */
  at?: number;
  /** Open the attach dialog at once, its time `at` (History's "attach at the playhead"). */
  attach?: boolean;
}

export function readFilesRoute(hash = window.location.hash): FilesRoute {
  const q = new URLSearchParams(hash.split('?')[1] ?? '');
  const n = (k: string) => {
    const v = q.get(k);
    return v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  };
  return { objectId: n('o'), from: n('from'), till: n('till'), at: n('at'), attach: q.get('attach') === '1' || undefined };
}

export function filesRoute(r: FilesRoute): string {
  const q = new URLSearchParams();
  if (r.objectId !== undefined) q.set('o', String(r.objectId));
  if (r.from !== undefined) q.set('from', String(r.from));
  if (r.till !== undefined) q.set('till', String(r.till));
  if (r.at !== undefined) q.set('at', String(r.at));
  if (r.attach) q.set('attach', '1');
  const s = q.toString();
  return s ? `/files?${s}` : '/files';
}
