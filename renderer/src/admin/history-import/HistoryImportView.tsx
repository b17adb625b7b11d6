/**
 * Admin → Import history: a GPX, KML or CSV file read and checked on the main side, an
 * object chosen (or matched by the name/IMEI the file gives), a preview (map, summary,
 * rejected rows), then the import job with its progress and a link to History.
 */
import { useEffect, useMemo, useState } from 'react';
import type { HistoryImportPreview } from '../../../../common/methods/history-import';
import type { AdminObjectRow } from '../../../../common/methods/jobs';
import { unpackHistory } from '../../../../common/methods/history';
import { RpcError, rpc } from '../../rpc/client';
import { JobProgressPanel } from '../jobs/JobProgressPanel';
import { loadJobs, useJob } from '../jobs/jobs-store';
import { TrackPreviewMap } from './TrackPreviewMap';
import './history-import.css';
import { distanceText } from '../../ui/format';

const MAX_BYTES = 50 * 1024 * 1024;
const text = (e: unknown) => (e instanceof RpcError ? e.text : String(e));
const when = (t: number | null) => (t === null ? '—' : new Date(t).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));

export function HistoryImportView() {
  const [preview, setPreview] = useState<HistoryImportPreview | null>(null);
  const [objects, setObjects] = useState<AdminObjectRow[]>([]);
  const [objectId, setObjectId] = useState<number | null>(null);
  const [existing, setExisting] = useState<{ lat: Float64Array; lng: Float64Array } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId ?? -1);

  useEffect(() => {
    void rpc('admin/objects', {}).then((r) => setObjects(r.rows)).catch((e) => setError(text(e)));
  }, []);
  // The file's track name or IMEI picks the object, once both the file and the list have come
  // (the list may answer after the file is read); the user's own pick is never overridden.
  const [pickedByUser, setPickedByUser] = useState(false);
  useEffect(() => {
    if (!preview || pickedByUser || objectId !== null) return;
    const key = preview.name?.trim().toLowerCase();
    const match = key ? objects.find((o) => o.name.toLowerCase() === key || o.imei === preview.name?.trim()) : undefined;
    if (match) setObjectId(match.id);
  }, [preview, objects, pickedByUser, objectId]);
  const s = preview?.summary;
  useEffect(() => {
    setExisting(null);
    if (objectId === null || !s || s.from === null || s.till === null) return;
    let alive = true;
    void rpc('history/read', { objectId, from: s.from, till: s.till + 1 })
      .then((d) => alive && setExisting(unpackHistory(d).track))
      .catch(() => {});
    return () => void (alive = false);
  }, [objectId, s]);

  const read = async (file: File) => {
    setError(null);
    setPreview(null);
    setJobId(null);
    if (file.size > MAX_BYTES) return setError(`${file.name} is larger than ${MAX_BYTES / 1048576} MB`);
    setBusy(true);
    try {
      const p = await rpc('historyImport/preview', { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      setPreview(p);
      if (!pickedByUser) setObjectId(null);
    } catch (e) {
      setError(text(e));
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    if (!preview || objectId === null) return;
    setBusy(true);
    try {
      const r = await rpc('historyImport/start', { importId: preview.importId, objectId });
      await loadJobs();
      setJobId(r.jobId);
    } catch (e) {
      setError(text(e));
    } finally {
      setBusy(false);
    }
  };
  const historyLink = useMemo(
    () => (s && objectId !== null && s.from !== null && s.till !== null ? `#/history?o=${objectId}&from=${s.from}&till=${s.till + 1}` : null),
    [s, objectId],
  );

  return (
    <section className="himport" aria-label="Import history">
      <h2>Import history</h2>
      <p>A GPX, KML or CSV file of one object's positions (time, latitude, longitude; speed, heading and altitude when present). It is checked here; nothing is sent until you run the import.</p>
      <label>
        Track file
        <input type="file" accept=".gpx,.kml,.csv,.txt" disabled={busy} onChange={(e) => e.target.files?.[0] && void read(e.target.files[0])} />
      </label>
      {error && <p role="alert">{error}</p>}
      {preview && s && (
        <>
          <label>
            Object
            <select aria-label="Object" value={objectId ?? ''} onChange={(e) => (setPickedByUser(true), setObjectId(e.target.value ? Number(e.target.value) : null))}>
              <option value="">Choose the object…</option>
              {objects.map((o) => (
                <option key={o.id} value={o.id}>{`${o.name}${o.imei ? ` (${o.imei})` : ''}`}</option>
              ))}
            </select>
          </label>
          <dl aria-label="Summary" className="himport-summary">
            <dt>Points</dt><dd>{s.points}</dd>
            <dt>Rejected rows</dt><dd>{s.rejected}</dd>
            <dt>From</dt><dd>{when(s.from)}</dd>
            <dt>Till</dt><dd>{when(s.till)}</dd>
            <dt>Interval</dt><dd>{s.intervalMs === null ? '—' : `${Math.round(s.intervalMs / 1000)} s`}</dd>
            <dt>Distance</dt><dd>{distanceText(s.distanceKm, 2)}</dd>
            <dt>Gaps</dt><dd>{s.gaps}</dd>
          </dl>
          <TrackPreviewMap imported={preview.track} existing={existing} />
          {preview.rejected.length > 0 && (
            <table aria-label="Rejected rows">
              <thead><tr><th scope="col">Row</th><th scope="col">Reason</th></tr></thead>
              <tbody>
                {preview.rejected.map((r) => (
                  <tr key={`${r.row}-${r.line ?? ''}`}><td>{r.line !== undefined ? `${r.row} (line ${r.line})` : r.row}</td><td>{r.reason}</td></tr>
                ))}
              </tbody>
            </table>
          )}
          {jobId === null && (
            <button type="button" disabled={busy || objectId === null} onClick={() => void run()}>
              {`Import ${s.points} positions`}
            </button>
          )}
        </>
      )}
      {job && <JobProgressPanel job={job} />}
      {job?.state === 'done' && historyLink && (
        <p>
          <a href={historyLink}>Open History for this object and interval</a>
        </p>
      )}
    </section>
  );
}
