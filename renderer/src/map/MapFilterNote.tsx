import { useFleetObjectList } from '../stores/use-fleet-objects';
import { mapFilter, useMapFilter } from '../stores/map-filter';
import { numberText } from '../ui/format';

/**
 * Says, on the map, when it shows only what the list's filter keeps, and offers the other
 * view: a map that silently hides objects is one an operator stops trusting.
 */
export function MapFilterNote() {
  const { listIds, followList } = useMapFilter();
  const total = useFleetObjectList().length;
  if (!listIds) return null;
  return (
    // Not announced: with a state filter the count follows every poll.
    <div className="map-filter-note" role="status" aria-live="off">
      {followList ? (
        <>
          <span>
            {numberText(listIds.size)} of {numberText(total)} objects on the map, as the list is filtered
          </span>
          <button type="button" onClick={() => mapFilter.setFollowList(false)}>
            Show all
          </button>
        </>
      ) : (
        <>
          <span>All {numberText(total)} objects on the map; the list is filtered</span>
          <button type="button" onClick={() => mapFilter.setFollowList(true)}>
            Show only the list’s
          </button>
        </>
      )}
    </div>
  );
}
