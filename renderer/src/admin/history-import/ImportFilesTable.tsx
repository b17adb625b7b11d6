import { useTranslation } from 'react-i18next';
import type { AdminObjectRow } from '../../../../common/methods/jobs';
import { ObjectSelect } from './ObjectSelect';
import { historyHref } from './history-href';
import type { ImportFile } from './use-import-files';

/** Several files: each with its object (matched or picked), its counts or why it cannot be read. */
export function ImportFilesTable({ files, objects, shown, done, onShow, onPick }: {
  files: readonly ImportFile[];
  objects: readonly AdminObjectRow[];
  shown: string | null;
  done: boolean;
  onShow: (key: string) => void;
  onPick: (key: string, id: number | null) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <table aria-label={t('historyImport.files')} className="himport-files">
      <thead>
        <tr>
          <th scope="col">{t('historyImport.file')}</th>
          <th scope="col">{t('historyImport.object')}</th>
          <th scope="col">{t('historyImport.points')}</th>
          <th scope="col">{t('historyImport.rejectedRows')}</th>
          <th scope="col"><span className="visually-hidden">{t('historyImport.actions')}</span></th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.key} aria-selected={f.key === shown}>
            <th scope="row">{f.fileName}</th>
            <td>
              {f.preview ? (
                <ObjectSelect objects={objects} value={f.objectId} label={t('historyImport.objectFor', { name: f.fileName })} onPick={(id) => onPick(f.key, id)} />
              ) : null}
            </td>
            {f.error ? (
              <td colSpan={2} role="alert">{f.error}</td>
            ) : f.preview ? (
              <>
                <td>{f.preview.summary.points}</td>
                <td>{f.preview.summary.rejected}</td>
              </>
            ) : (
              <td colSpan={2}>{t('historyImport.reading')}</td>
            )}
            <td>
              {f.preview && (
                <button type="button" aria-pressed={f.key === shown} onClick={() => onShow(f.key)} aria-label={t('historyImport.showFile', { name: f.fileName })}>
                  {t('historyImport.show')}
                </button>
              )}
              {done && f.preview && f.objectId !== null && (
                <a href={historyHref(f.objectId, f.preview)}>{t('historyImport.openInHistory')}</a>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
