import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ObjectSummary } from '../../../common/methods/live';
import { fleetStore } from '../stores/fleet-store';
import { inNameOrder, listedRanks, nameRanks } from './list-model';

/**
 * Each object's place in name order, for the list's sorts. A list as the host sent it is in
 * that order (ObjectsList), so it is ranked as it came and checked with this page's collator
 * once the page is idle: at a start the check (a collation per neighbouring pair, 50,000 of
 * them) was part of the task the list waited for. A list out of this page's order (another
 * collation in the host's ICU) is then sorted and ranked again; any other list is sorted now.
 */
export function useNameRanks(objects: readonly ObjectSummary[]): Map<number, number> {
  const sentInOrder = useSyncExternalStore(fleetStore.subscribe, () => fleetStore.objectsSentInOrder);
  const first = useMemo(() => (sentInOrder ? listedRanks(objects) : nameRanks(objects)), [objects, sentInOrder]);
  const [resorted, setResorted] = useState<{ objects: readonly ObjectSummary[]; ranks: Map<number, number> } | null>(null);
  useEffect(() => {
    if (!sentInOrder) return;
    const task = requestIdleCallback(() => {
      if (!inNameOrder(objects)) setResorted({ objects, ranks: nameRanks(objects) });
    }, { timeout: 2000 });
    return () => cancelIdleCallback(task);
  }, [objects, sentInOrder]);
  return resorted?.objects === objects ? resorted.ranks : first;
}
