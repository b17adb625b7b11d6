import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '../../../common/methods/files';
import { RpcError, rpc } from '../rpc/client';
import { Dialog } from '../ui/Dialog';
import { placeText } from './FileGrid';
import { saveFile } from './save';
import { isImage, isVideo, sizeText, useFileBody } from './use-file-body';

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8];

/** Whether this browser says it may play the type ("maybe" counts: it will try). */
function playable(type: string): boolean {
  return document.createElement('video').canPlayType(type) !== '';
}

/** One file at full size: a photo with zoom, a video played where the browser can, else offered for saving. */
export function MediaViewer({ file, label, onClose }: { file: FileItem; label: string; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { body, error } = useFileBody(file.uid, file.type);
  const [zoom, setZoom] = useState(3); // index of 1×
  // canPlayType is a guess: a file it cannot decode after all is offered for saving too.
  const [videoFailed, setVideoFailed] = useState(false);
  const [natural, setNatural] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const scale = ZOOMS[zoom]!;
  // The grid places files from the cached track only; opened, one file may load its track's few minutes.
  const [place, setPlace] = useState(file.place);
  useEffect(() => {
    if (file.place) return;
    let alive = true;
    rpc('history/placeAt', { objectId: file.objectId, time: file.time })
      .then((a) => alive && a.place && setPlace({ lat: a.place.lat, lng: a.place.lng }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [file]);
  const save = () => {
    setSaveError(null);
    saveFile(file.uid)
      .then((n) => setSaved(t('viewer.savedAs', { name: n })))
      .catch((e: unknown) => setSaveError(e instanceof RpcError ? e.text : String(e)));
  };
  const video = isVideo(body?.type ?? file.type);
  return (
    <Dialog title={label} onClose={onClose} className="files-viewer">
      <div className="files-dialog-body">
      <div className="files-viewer-bar" role="toolbar" aria-label={t('viewer.toolbar')}>
        {isImage(file.type) && (
          <>
            <button type="button" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0}>
              {t('viewer.zoomOut')}
            </button>
            <output aria-label={t('viewer.zoom')}>{Math.round(scale * 100)}%</output>
            <button type="button" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1}>
              {t('viewer.zoomIn')}
            </button>
            <button type="button" onClick={() => setZoom(3)}>
              {t('viewer.actual')}
            </button>
          </>
        )}
        <button type="button" onClick={save}>
          {t('viewer.save')}
        </button>
        <span className="files-viewer-meta">
          {placeText(place)} · {sizeText(body?.size ?? file.size)}
        </span>
      </div>
      {saved && <p role="status">{saved}</p>}
      {saveError && <p role="alert" className="error">{saveError}</p>}
      <div
        className="files-viewer-stage"
        onWheel={(e) => {
          if (!e.ctrlKey || !isImage(file.type)) return;
          setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + (e.deltaY < 0 ? 1 : -1))));
        }}
      >
        {error ? (
          <p role="alert" className="error">{error}</p>
        ) : !body ? (
          <p role="status">{t('viewer.downloading')}</p>
        ) : isImage(body.type) ? (
          <img src={body.url} alt={label} onLoad={(e) => setNatural(e.currentTarget.naturalWidth)} style={natural ? { width: natural * scale, maxWidth: 'none' } : undefined} />
        ) : video && playable(body.type) && !videoFailed ? (
          <video src={body.url} controls aria-label={label} onError={() => setVideoFailed(true)} />
        ) : (
          <p role="status">{video ? t('viewer.cannotPlay', { type: body.type }) : t('viewer.cannotShow', { type: body.type })}</p>
        )}
      </div>
      </div>
    </Dialog>
  );
}
