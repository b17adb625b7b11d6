import { useTranslation } from 'react-i18next';
import { useFleetObjectList } from '../stores/use-fleet-objects';
import { mapFilter, useMapFilter } from '../stores/map-filter';
import { numberText } from '../ui/format';

/**
 * Says, on the map, when it shows only what the list's filter keeps, and offers the other
 * view: a map that silently hides objects is one an operator stops trusting.
 */
export function MapFilterNote() {
  const { t } = useTranslation('map');
  const { listIds, followList } = useMapFilter();
  const total = useFleetObjectList().length;
  if (!listIds) return null;
  return (
    // Not announced: with a state filter the count follows every poll.
    <div className="map-filter-note" role="status" aria-live="off">
      {followList ? (
        <>
          <span>{t('filterNote.some', { shown: numberText(listIds.size), total: numberText(total) })}</span>
          <button type="button" onClick={() => mapFilter.setFollowList(false)}>
            {t('filterNote.showAll')}
          </button>
        </>
      ) : (
        <>
          <span>{t('filterNote.all', { total: numberText(total) })}</span>
          <button type="button" onClick={() => mapFilter.setFollowList(true)}>
            {t('filterNote.showList')}
          </button>
        </>
      )}
    </div>
  );
}
