import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '../../../common/methods/files';
import { i18n } from '../i18n';
import { momentText, objectZone } from '../ui/time';
import { MomentTime } from '../ui/MomentTime';
import { isImage, isVideo, sizeText, useFileBody } from './use-file-body';
import { useInView } from './use-in-view';

/** What a file is called in words: "Photo of Truck 7 at 14:02:11". */
export function fileLabel(f: FileItem, objectName: string, now = Date.now()): string {
  const kind = isImage(f.type) ? 'photo' : isVideo(f.type) ? 'video' : 'file';
  return i18n.t(`files:grid.${kind}`, { name: objectName, time: momentText(f.time, objectZone(f.objectId), now) });
}

export function placeText(p: FileItem['place']): string {
  return p ? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}` : i18n.t('files:grid.noPlace');
}

interface Props {
  items: FileItem[];
  nameOf: (objectId: number) => string;
  selected: ReadonlySet<string>;
  onToggle: (uid: string) => void;
  onOpen: (f: FileItem) => void;
}

/** The files as a grid of thumbnails; photos load their bytes (kept by the core), videos show a tile. */
export function FileGrid({ items, nameOf, selected, onToggle, onOpen }: Props) {
  const { t } = useTranslation('files');
  const now = Date.now();
  return (
    <ul className="files-grid" aria-label={t('grid.label')}>
      {items.map((f) => (
        <Tile key={f.uid} f={f} label={fileLabel(f, nameOf(f.objectId), now)} objectName={nameOf(f.objectId)} checked={selected.has(f.uid)} onToggle={onToggle} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function Tile({ f, label, objectName, checked, onToggle, onOpen }: { f: FileItem; label: string; objectName: string; checked: boolean; onToggle: (uid: string) => void; onOpen: (f: FileItem) => void }) {
  const { t } = useTranslation('files');
  const tile = useRef<HTMLLIElement>(null);
  const near = useInView(tile);
  const { body, error } = useFileBody(f.uid, f.type, isImage(f.type) && near);
  const zone = objectZone(f.objectId);
  return (
    <li ref={tile} className={`files-tile${checked ? ' selected' : ''}`} aria-label={label}>
      <button type="button" className="files-thumb" aria-label={t('grid.open', { label })} onClick={() => onOpen(f)}>
        {isImage(f.type) && body ? <img src={body.url} alt="" /> : <span className="files-thumb-kind">{error ? t('grid.notAvailable') : isVideo(f.type) ? t('grid.videoTile') : isImage(f.type) ? t('grid.loading') : f.type}</span>}
      </button>
      <label className="files-check">
        <input type="checkbox" checked={checked} onChange={() => onToggle(f.uid)} aria-label={t('grid.select', { label })} />
        <MomentTime ms={f.time} zone={zone} />
      </label>
      <span className="files-object">{objectName}</span>
      <span className="files-place">{placeText(f.place)}</span>
      <span className="files-size">{sizeText(body?.size ?? f.size)}</span>
    </li>
  );
}
