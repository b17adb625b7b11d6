/**
 * What the History screen draws from a copy of the data, memoised per copy: a load's
 * updates arrive many times a minute and each rebuild walks the whole track.
 */
import { useMemo, useRef } from 'react';
import type { HistoryData } from '../../../../common/methods/history';
import type { FleetObject } from '../../../../common/resources';
import { deriveTrack, withSensors, type Derived, type TrackDerived } from './derive';
import { figuresFromDailyStats, type Figures } from './summary';
import { buildModel, type TrackModel } from './track-model';
import type { HistoryState } from './use-history';

export interface DerivedHistory {
  data: HistoryData | null;
  d: Derived | null;
  /** The cached sketch's model, only while the full track is not here yet. */
  overview: TrackModel | null;
  daily: Figures | null;
  /** The parts of the interval still missing that are worth a warning. */
  missing: [number, number][];
}

/** The core never marks the last minutes before now as covered (late points may still arrive): that open edge is not worth a warning. */
const OPEN_EDGE_MS = 15 * 60_000;

export function useDerivedHistory(hist: HistoryState, object: FleetObject | null): DerivedHistory {
  const data = hist.data;
  const lastTrack = useRef<TrackDerived | null>(null);
  const track = useMemo(() => {
    // The last copy's model is reused where the two tracks agree (buildModel checks).
    const t = data ? deriveTrack(data, lastTrack.current) : null;
    lastTrack.current = t;
    return t;
    // Only a new copy of the data rebuilds it.
  }, [data]);
  const d = useMemo(() => (data && track ? withSensors(track, data, object) : null), [track, data, object]);
  // Until the full track is in, the map draws its coarse copy (nothing else reads it).
  const overview = useMemo(() => (!data && hist.overview ? buildModel(hist.overview.track, hist.overview.breaks) : null), [data, hist.overview]);
  const daily = useMemo(() => (hist.dailyStats ? figuresFromDailyStats(hist.dailyStats.items) : null), [hist.dailyStats]);
  const missing = useMemo(() => (data?.coverage.missing ?? []).filter(([a]) => a < Date.now() - OPEN_EDGE_MS), [data]);
  return { data, d, overview, daily, missing };
}
