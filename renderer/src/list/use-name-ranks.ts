import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ObjectSummary } from '../../../common/methods/live';
import { fleetStore } from '../stores/fleet-store';
import { listedRanks, nameOrderBreak, nameRanks, sortedNameRanks } from './list-model';

/** Neighbouring pairs compared per slice of the idle check (a few milliseconds here). */
const CHECK_SLICE = 5000;

/**
 * Each object's place in name order, for the list's sorts. A list as the host sent it is in
 * that order (ObjectsList), so it is ranked as it came and checked with this page's collator
 * once the page is idle, a slice at a time: at a start the check (a collation per
 * neighbouring pair, 50,000 of them) was part of the task the list waited for. A list out of
 * this page's order (another collation in the host's ICU) is then sorted and ranked again; any
 * other list is sorted now.
 */
export function useNameRanks(objects: readonly ObjectSummary[]): Map<number, number> {
  const sentInOrder = useSyncExternalStore(fleetStore.subscribe, () => fleetStore.objectsSentInOrder);
  const first = useMemo(() => (sentInOrder ? listedRanks(objects) : nameRanks(objects)), [objects, sentInOrder]);
  const [resorted, setResorted] = useState<{ objects: readonly ObjectSummary[]; ranks: Map<number, number> } | null>(null);
  useEffect(() => {
    if (!sentInOrder) return;
    // A slice of pairs at a time while the page is idle: 100,000 collations in one go are a long task.
    let from = 1;
    let task = 0;
    const step = (deadline: IdleDeadline) => {
      do {
        if (nameOrderBreak(objects, from, from + CHECK_SLICE) >= 0) return setResorted({ objects, ranks: sortedNameRanks(objects) });
        from += CHECK_SLICE;
      } while (from < objects.length && deadline.timeRemaining() > 2);
      if (from < objects.length) task = requestIdleCallback(step, { timeout: 2000 });
    };
    task = requestIdleCallback(step, { timeout: 2000 });
    return () => cancelIdleCallback(task);
  }, [objects, sentInOrder]);
  return resorted?.objects === objects ? resorted.ranks : first;
}
