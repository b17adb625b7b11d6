import { useTranslation } from 'react-i18next';
import { filesRoute } from '../files/route-state';
import { navigate } from '../ui/route';
import type { Cursor } from './replay/clock';

/**
 * Opens the Files view's attach dialog for this object with the playhead's time, read at the
 * click: a photo taken at a stop is attached where the replay stands, not at "now".
 */
export function AttachAtPlayhead({ objectId, cursor }: { objectId: number; cursor: Cursor }) {
  const { t } = useTranslation('files');
  return (
    <button type="button" onClick={() => navigate(filesRoute({ objectId, at: Math.round(cursor.get()), attach: true }))}>
      {t('attachAtCursor')}
    </button>
  );
}
