/** The timeline's bands from a copy of the data, memoised so the canvas redraws only on a new copy. */
import { useMemo } from 'react';
import type { HistoryData } from '../../../../common/methods/history';
import type { Derived } from '../model/derive';
import type { BandData } from './timeline-draw';
import { unionSpans } from './timeline-window';

export function useBands(d: Derived | null, data: HistoryData | null, missing: readonly [number, number][]): BandData {
  return useMemo(
    () => ({
      trips: d?.trips ?? [],
      stops: unionSpans(d?.stops ?? []),
      missing: unionSpans(missing.map(([from, till]) => ({ from, till }))),
      // Sorted, so the timeline finds the ones in its window by bisection.
      eventTimes: Float64Array.from(data?.events ?? [], (e) => e.Time).sort(),
    }),
    [d, data, missing],
  );
}
