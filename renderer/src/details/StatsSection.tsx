import type { DailyStat } from '../../../common/resources';
import { durationText } from './duration';
import { distanceText, speedText, volumeText } from '../ui/format';
import { usePreferences } from '../stores/preferences';

/** Today's figures as the service computed them (the object's local day). */
export function StatsSection({ stats }: { stats: DailyStat | null }) {
  usePreferences(); // units: read as the text is made
  return (
    <section className="detail-section" aria-labelledby="stats-title">
      <h3 id="stats-title">Today</h3>
      {!stats ? (
        <p className="hint">No statistics for today yet.</p>
      ) : (
        <dl className="facts stats">
          <dt>Distance</dt>
          <dd>{distanceText(stats.Length)}</dd>
          <dt>Moving</dt>
          <dd>{durationText(stats.MoveTime)}</dd>
          <dt>Parked</dt>
          <dd>{durationText(stats.ParkTime)}</dd>
          <dt>Idling</dt>
          <dd>{durationText(stats.IdleTime)}</dd>
          <dt>Engine</dt>
          <dd>{durationText(stats.EngineTime)}</dd>
          <dt>Avg speed</dt>
          <dd>{speedText(stats.AvgSpeed)}</dd>
          <dt>Max speed</dt>
          <dd>{speedText(stats.MaxSpeed)}</dd>
          <dt>Fuel used</dt>
          <dd>{volumeText(stats.Fuel)}</dd>
        </dl>
      )}
    </section>
  );
}
