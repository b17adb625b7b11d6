import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryImportPreview } from '../../../../common/methods/history-import';
import { unpackHistory } from '../../../../common/methods/history';
import { rpc } from '../../rpc/client';
import { usePreferences } from '../../stores/preferences';
import { distanceText } from '../../ui/format';
import { TrackPreviewMap } from './TrackPreviewMap';

const when = (t: number | null) => (t === null ? '—' : new Date(t).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));

/** One file's summary, its track beside what History holds for the object, and the rows it rejected. */
export function ImportPreviewDetails({ preview, objectId }: { preview: HistoryImportPreview; objectId: number | null }) {
  const { t } = useTranslation('admin');
  usePreferences(); // the distance in the operator's unit
  const s = preview.summary;
  const [existing, setExisting] = useState<{ lat: Float64Array; lng: Float64Array } | null>(null);
  useEffect(() => {
    setExisting(null);
    if (objectId === null || s.from === null || s.till === null) return;
    let alive = true;
    void rpc('history/read', { objectId, from: s.from, till: s.till + 1 })
      .then((d) => alive && setExisting(unpackHistory(d).track))
      .catch(() => {});
    return () => void (alive = false);
  }, [objectId, s]);
  return (
    <>
      <dl aria-label={t('historyImport.summary')} className="himport-summary">
        <dt>{t('historyImport.points')}</dt><dd>{s.points}</dd>
        <dt>{t('historyImport.rejectedRows')}</dt><dd>{s.rejected}</dd>
        <dt>{t('historyImport.from')}</dt><dd>{when(s.from)}</dd>
        <dt>{t('historyImport.till')}</dt><dd>{when(s.till)}</dd>
        <dt>{t('historyImport.interval')}</dt><dd>{s.intervalMs === null ? '—' : t('historyImport.seconds', { n: Math.round(s.intervalMs / 1000) })}</dd>
        <dt>{t('historyImport.distance')}</dt><dd>{distanceText(s.distanceKm, 2)}</dd>
        <dt>{t('historyImport.gaps')}</dt><dd>{s.gaps}</dd>
      </dl>
      <TrackPreviewMap imported={preview.track} existing={existing} />
      {preview.rejected.length > 0 && (
        <table aria-label={t('historyImport.rejectedRows')}>
          <thead><tr><th scope="col">{t('historyImport.row')}</th><th scope="col">{t('historyImport.reason')}</th></tr></thead>
          <tbody>
            {preview.rejected.map((r) => (
              <tr key={`${r.row}-${r.line ?? ''}`}>
                <td>{r.line !== undefined ? t('historyImport.rowAtLine', { row: r.row, line: r.line }) : r.row}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
