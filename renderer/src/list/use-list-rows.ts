import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { fleetStore } from '../stores/fleet-store';
import { useFleetObjectList } from '../stores/use-fleet-objects';
import { objectState, type ObjectState } from '../stores/object-state';
import type { RowFacts } from './columns';
import { filterRows, nameRanks, sortRows, type SortSpec } from './list-model';

/** Columns whose values move with every poll: only these make the list re-sort on a delta. */
const LIVE_KEYS = new Set(['state', 'speed', 'age']);

/**
 * The store's version as the list's live values follow it, moved on in a transition: a poll
 * that moved every object in view (the catch-up after an outage) rendered the rows inside the
 * task that applied it, beside the map's redraw, in one frame over 50 ms. As a transition they
 * render as work React splits across frames (decision 0068). The rows read positions from the
 * store as they render, so a render split by the next poll may show two polls for a moment; the
 * version that poll brings renders them again. A new list is not a transition (useFleetObjectList).
 */
function useListVersion(): number {
  const [version, setVersion] = useState(fleetStore.getVersion);
  useEffect(() => {
    const follow = () => startTransition(() => setVersion(fleetStore.getVersion()));
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
