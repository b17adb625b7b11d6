/**
 * The files of one import: each read and checked on the main side as it is chosen, matched to
 * its object (the user's pick is kept over the match), then sent as one job. One file is the
 * common case; a folder of one file per vehicle is the other.
 */
import { useCallback, useEffect, useState } from 'react';
import type { HistoryImportPreview } from '../../../../common/methods/history-import';
import type { AdminObjectRow } from '../../../../common/methods/jobs';
import { i18n } from '../../i18n';
import { RpcError, rpc } from '../../rpc/client';
import { loadJobs } from '../jobs/jobs-store';
import { matchObject } from './match-object';

export const MAX_BYTES = 50 * 1024 * 1024;
export const MAX_FILES = 500;

export interface ImportFile {
  key: string;
  fileName: string;
  preview: HistoryImportPreview | null;
  error: string | null;
  objectId: number | null;
  pickedByUser: boolean;
}

const text = (e: unknown) => (e instanceof RpcError ? e.text : String(e));

export function useImportFiles() {
  const [objects, setObjects] = useState<AdminObjectRow[]>([]);
  const [files, setFiles] = useState<ImportFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);

  useEffect(() => {
    void rpc('admin/objects', {}).then((r) => setObjects(r.rows)).catch((e) => setError(text(e)));
  }, []);
  // The list may answer after the files are read: match once both have come.
  useEffect(() => {
    if (!objects.length) return;
    setFiles((cur) => {
      let changed = false;
      const next = cur.map((f) => {
        if (!f.preview || f.pickedByUser || f.objectId !== null) return f;
        const hit = matchObject(objects, f.preview.name, f.fileName);
        if (!hit) return f;
        changed = true;
        return { ...f, objectId: hit.id };
      });
      return changed ? next : cur;
    });
  }, [objects, files]);

  const read = useCallback(async (chosen: readonly File[]) => {
    setError(null);
    setJobId(null);
    if (chosen.length > MAX_FILES) return setError(i18n.t('admin:historyImport.tooManyFiles', { count: MAX_FILES }));
    const entries: ImportFile[] = chosen.map((f, i) => ({ key: `${Date.now()}-${i}`, fileName: f.name, preview: null, error: null, objectId: null, pickedByUser: false }));
    setFiles(entries);
    setBusy(true);
    try {
      // One at a time: each file is up to 50 MB and is checked on the main side.
      for (let i = 0; i < chosen.length; i++) {
        const f = chosen[i]!;
        let patch: Partial<ImportFile>;
        if (f.size > MAX_BYTES) patch = { error: i18n.t('admin:historyImport.tooLarge', { name: f.name, mb: MAX_BYTES / 1048576 }) };
        else {
          try {
            patch = { preview: await rpc('historyImport/preview', { fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }) };
          } catch (e) {
            patch = { error: text(e) };
          }
        }
        setFiles((cur) => cur.map((x) => (x.key === entries[i]!.key ? { ...x, ...patch } : x)));
      }
    } finally {
      setBusy(false);
    }
  }, []);

  const pick = useCallback((key: string, objectId: number | null) => {
    setFiles((cur) => cur.map((f) => (f.key === key ? { ...f, objectId, pickedByUser: true } : f)));
  }, []);

  const ready = files.filter((f) => f.preview && f.objectId !== null);
  const run = useCallback(async () => {
    if (!ready.length) return;
    setBusy(true);
    try {
      const r = await rpc('historyImport/startMany', { files: ready.map((f) => ({ importId: f.preview!.importId, objectId: f.objectId! })) });
      await loadJobs();
      setJobId(r.jobId);
    } catch (e) {
      setError(text(e));
    } finally {
      setBusy(false);
    }
  }, [ready]);

  return { objects, files, ready, error, busy, jobId, read, pick, run };
}
