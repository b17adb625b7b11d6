import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { fleetStore } from '../stores/fleet-store';
import { useFleetObjectList } from '../stores/use-fleet-objects';
import { objectState, type ObjectState } from '../stores/object-state';
import type { RowFacts } from './columns';
import { filterRows, nameRanks, sortRows, type SortSpec } from './list-model';

/** Columns whose values move with every poll: only these make the list re-sort on a delta. */
const LIVE_KEYS = new Set(['state', 'speed', 'age']);

/**
 * The store's version as the list's live values follow it, as a plain state update: React
 * renders it in a task of its own, where `useSyncExternalStore` rendered the rows inside the
 * task that applied the poll, beside the map's bookkeeping; after an outage, with every row in
 * view moved, that one task made a frame over 50 ms (decision 0068). Not a transition: one at
 * every poll would share its lanes with the events panel's deferred rows, and this screen has
 * starved a transition before. The rows read positions from the store as they render; a new
 * list is followed at once (useFleetObjectList).
 */
function useListVersion(): number {
  const [version, setVersion] = useState(fleetStore.getVersion);
  useEffect(() => {
    const follow = () => setVersion(fleetStore.getVersion());
    const off = fleetStore.subscribe(follow);
    // A change between the first render and this subscription.
    follow();
    return off;
  }, []);
  return version;
}

/**
 * The rows to show, in order. Facts are gathered in one pass per store version (typed-array
 * reads, no per-row subscription); sorting by a static column is redone only when the list,
 * the filter or the sort changes.
 */
export function useListRows(query: string, groupId: number | null, state: ObjectState | null, sort: SortSpec) {
  const version = useListVersion();
  // At once: at a start the list is what the operator waits for.
  const objects = useFleetObjectList();
  const q = useDeferredValue(query.trim().toLowerCase());
  const ranks = useMemo(() => nameRanks(objects), [objects]);
  const live = LIVE_KEYS.has(sort.key) || state !== null;
  const liveVersion = live ? version : 0;

  const facts = useMemo((): RowFacts[] => {
    void liveVersion;
    return objects.map((o) => {
      const p = fleetStore.position(o.Id);
      return {
        o,
        state: objectState(o.Status, p?.time ?? 0, p?.online ?? false, p?.speed ?? 0, p?.ignitionOn),
        speed: p?.speed ?? Number.NaN,
        time: p?.time ?? 0,
      };
    });
  }, [objects, liveVersion]);

  const rows = useMemo(
    () => sortRows(filterRows(facts, { query: q, groupId, states: state ? new Set([state]) : new Set() }), sort, ranks),
    [facts, q, groupId, state, sort, ranks],
  );
  return { rows, total: objects.length };
}
