import { useTranslation } from 'react-i18next';
import type { DailyStat } from '../../../common/resources';
import { durationText } from './duration';
import { distanceText, speedText, volumeText } from '../ui/format';
import { usePreferences } from '../stores/preferences';

/** Today's figures as the service computed them (the object's local day). */
export function StatsSection({ stats }: { stats: DailyStat | null }) {
  const { t } = useTranslation('details');
  usePreferences(); // units: read as the text is made
  return (
    <section className="detail-section" aria-labelledby="stats-title">
      <h3 id="stats-title">{t('stats.title')}</h3>
      {!stats ? (
        <p className="hint">{t('stats.none')}</p>
      ) : (
        <dl className="facts stats">
          <dt>{t('stats.distance')}</dt>
          <dd>{distanceText(stats.Length)}</dd>
          <dt>{t('stats.moving')}</dt>
          <dd>{durationText(stats.MoveTime)}</dd>
          <dt>{t('stats.parked')}</dt>
          <dd>{durationText(stats.ParkTime)}</dd>
          <dt>{t('stats.idling')}</dt>
          <dd>{durationText(stats.IdleTime)}</dd>
          <dt>{t('stats.engine')}</dt>
          <dd>{durationText(stats.EngineTime)}</dd>
          <dt>{t('stats.avgSpeed')}</dt>
          <dd>{speedText(stats.AvgSpeed)}</dd>
          <dt>{t('stats.maxSpeed')}</dt>
          <dd>{speedText(stats.MaxSpeed)}</dd>
          <dt>{t('stats.fuel')}</dt>
          <dd>{volumeText(stats.Fuel)}</dd>
        </dl>
      )}
    </section>
  );
}
