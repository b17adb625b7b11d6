import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { fleetStore } from '../stores/fleet-store';
import { followChanges } from '../stores/follow-changes';
import { mapFilter, useMapFilter } from '../stores/map-filter';
import { STATE_COLOR, STATE_LABEL, type ObjectState } from '../stores/object-state';
import { stateLabel } from '../ui/state-words';
import { countStates } from '../stores/state-counts';
import { numberText } from '../ui/format';

/**
 * Recounted at most once a second: a poll of 50,000 objects bumps the store version in
 * bursts, and a legend that flickers at frame rate is read by nobody.
 */
const RECOUNT_MS = 1000;

/** The colours of the map with how many objects wear each; states with none are left out. */
export function StateLegend() {
  const { t } = useTranslation('map');
  const filter = useMapFilter();
  const [counts, setCounts] = useState(() => countStates(fleetStore, mapFilter.shownIds()));
  useEffect(() => followChanges(fleetStore.subscribe, () => setCounts(countStates(fleetStore, mapFilter.shownIds())), RECOUNT_MS), []);
  // A new filter is counted at once: the legend must agree with the map it sits on.
  useEffect(() => setCounts(countStates(fleetStore, mapFilter.shownIds())), [filter]);

  const shown = (Object.keys(STATE_LABEL) as ObjectState[]).filter((s) => counts[s] > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="state-legend" aria-label={t('legend.label')}>
      {shown.map((s) => (
        <li key={s}>
          <i style={{ background: STATE_COLOR[s] }} aria-hidden="true" />
          {stateLabel(s)} <b>{numberText(counts[s])}</b>
        </li>
      ))}
    </ul>
  );
}
