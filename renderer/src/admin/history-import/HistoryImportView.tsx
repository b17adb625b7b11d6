/**
 * Admin → Import history: GPX, KML or CSV files read and checked on the main side, each
 * matched to its object (by the name or IMEI the file gives, or its file name) or picked, a
 * preview (map, summary, rejected rows) of one file at a time, then one import job with its
 * progress and links to History.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgressPanel } from '../jobs/JobProgressPanel';
import { useJob } from '../jobs/jobs-store';
import { historyHref } from './history-href';
import { ImportFilesTable } from './ImportFilesTable';
import { ImportPreviewDetails } from './ImportPreviewDetails';
import { ObjectSelect } from './ObjectSelect';
import { useImportFiles } from './use-import-files';
import './history-import.css';

export function HistoryImportView() {
  const { t } = useTranslation('admin');
  const { objects, files, ready, error, busy, jobId, read, pick, run } = useImportFiles();
  const [shownKey, setShownKey] = useState<string | null>(null);
  const job = useJob(jobId ?? -1);
  const done = job?.state === 'done';
  const single = files.length === 1 ? files[0]! : null;
  const shown = single ?? files.find((f) => f.key === shownKey) ?? files.find((f) => f.preview) ?? null;
  const points = ready.reduce((n, f) => n + f.preview!.summary.points, 0);
  const unmatched = files.filter((f) => f.preview && f.objectId === null).length;
  const link = single?.preview && single.objectId !== null ? historyHref(single.objectId, single.preview) : undefined;

  return (
    <section className="himport" aria-label={t('historyImport.title')}>
      <h2>{t('historyImport.title')}</h2>
      <p>{t('historyImport.intro')}</p>
      <label>
        {t('historyImport.trackFile')}
        <input
          type="file"
          multiple
          accept=".gpx,.kml,.csv,.txt"
          disabled={busy}
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            setShownKey(null);
            if (chosen.length) void read(chosen);
          }}
        />
      </label>
      {error && <p role="alert">{error}</p>}
      {single?.error && <p role="alert">{single.error}</p>}
      {single?.preview && (
        <label>
          {t('historyImport.object')}
          <ObjectSelect objects={objects} value={single.objectId} label={t('historyImport.object')} onPick={(id) => pick(single.key, id)} />
        </label>
      )}
      {files.length > 1 && <ImportFilesTable files={files} objects={objects} shown={shown?.key ?? null} done={done} onShow={setShownKey} onPick={pick} />}
      {shown?.preview && (
        <>
          {files.length > 1 && <h3>{shown.fileName}</h3>}
          <ImportPreviewDetails preview={shown.preview} objectId={shown.objectId} />
        </>
      )}
      {jobId === null && files.some((f) => f.preview) && (
        <>
          {files.length > 1 && unmatched > 0 && <p role="note">{t('historyImport.unmatched', { count: unmatched })}</p>}
          <button type="button" disabled={busy || ready.length === 0} onClick={() => void run()}>
            {files.length > 1 ? t('historyImport.importFiles', { count: ready.length, points }) : t('historyImport.importPositions', { count: points })}
          </button>
        </>
      )}
      {job && <JobProgressPanel job={job} />}
      {done && link && (
        <p>
          <a href={link}>{t('historyImport.openHistory')}</a>
        </p>
      )}
    </section>
  );
}
