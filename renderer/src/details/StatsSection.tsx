import type { DailyStat } from '../../../common/resources';
import { durationText, numberWithUnit } from './duration';

/** Today's figures as the service computed them (the object's local day). */
export function StatsSection({ stats }: { stats: DailyStat | null }) {
  return (
    <section className="detail-section" aria-labelledby="stats-title">
      <h3 id="stats-title">Today</h3>
      {!stats ? (
        <p className="hint">No statistics for today yet.</p>
      ) : (
        <dl className="facts stats">
          <dt>Distance</dt>
          <dd>{numberWithUnit(stats.Length, 'km')}</dd>
          <dt>Moving</dt>
          <dd>{durationText(stats.MoveTime)}</dd>
          <dt>Parked</dt>
          <dd>{durationText(stats.ParkTime)}</dd>
          <dt>Idling</dt>
          <dd>{durationText(stats.IdleTime)}</dd>
          <dt>Engine</dt>
          <dd>{durationText(stats.EngineTime)}</dd>
          <dt>Avg speed</dt>
          <dd>{numberWithUnit(stats.AvgSpeed, 'km/h', 0)}</dd>
          <dt>Max speed</dt>
          <dd>{numberWithUnit(stats.MaxSpeed, 'km/h', 0)}</dd>
          <dt>Fuel used</dt>
          <dd>{numberWithUnit(stats.Fuel, 'l')}</dd>
        </dl>
      )}
    </section>
  );
}
