import { useDeferredValue, useMemo } from 'react';
import { fleetStore } from '../stores/fleet-store';
import { useFleetObjectList } from '../stores/use-fleet-objects';
import { useFleetVersion } from '../stores/use-fleet-version';
import { objectState, type ObjectState } from '../stores/object-state';
import type { RowFacts } from './columns';
import { filterRows, sortRows, type SortSpec } from './list-model';
import { useNameRanks } from './use-name-ranks';

/** Columns whose values move with every poll: only these make the list re-sort on a delta. */
const LIVE_KEYS = new Set(['state', 'speed', 'age']);

/**
 * The rows to show, in order. Facts are gathered in one pass per store version (typed-array
 * reads, no per-row subscription); sorting by a static column is redone only when the list,
 * the filter or the sort changes.
 */
export function useListRows(query: string, groupId: number | null, state: ObjectState | null, sort: SortSpec) {
  // In a task of its own after the poll's (decision 0068); a new list is followed at once.
  const version = useFleetVersion();
  // At once: at a start the list is what the operator waits for.
  const objects = useFleetObjectList();
  const q = useDeferredValue(query.trim().toLowerCase());
  const ranks = useNameRanks(objects);
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
