import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetFile } from '../../../common/resources';
import { RpcError, rpc } from '../rpc/client';
import { fmtTime } from './time-format';
import { navigate } from '../ui/route';
import { filesRoute } from '../files/route-state';

/** A device photo, fetched through the core (which keeps it for offline use) and shown from a Blob URL. */
export function FileViewer({ file, tz, onClose }: { file: FleetFile; tz: string; onClose: () => void }) {
  const { t } = useTranslation('history');
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    rpc('files/get', { uid: file.Uid })
      .then((b) => {
        if (!alive) return;
        made = URL.createObjectURL(new Blob([b.bytes as BlobPart], { type: b.type || file.Type }));
        setUrl(made);
      })
      .catch((e: unknown) => alive && setError(e instanceof RpcError ? e.text : String(e)));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  useEffect(() => {
    const k = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', k);
    return () => window.removeEventListener('keydown', k);
  }, [onClose]);
  const title = t('photo.title', { time: fmtTime(file.Time, tz) });
  return (
    <div className="history-file-backdrop" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label={title} className="history-file" onClick={(e) => e.stopPropagation()}>
        <header>
          <h3>{title}</h3>
          <button type="button" onClick={() => navigate(filesRoute({ objectId: file.ObjectId, at: file.Time }))}>
            {t('photo.openInFiles')}
          </button>
          <button type="button" onClick={onClose} autoFocus>
            {t('common.close')}
          </button>
        </header>
        {error ? <p role="alert" className="error">{error}</p> : url ? <img src={url} alt={title} /> : <p role="status">{t('common.downloading')}</p>}
      </div>
    </div>
  );
}
