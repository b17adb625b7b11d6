import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../common/methods/settings';
import { Choice } from './Choice';
import type { Save } from './use-save';

/** Units and the time rule: each pick applies at once (ui/units.ts, ui/time.ts read them). */
export function UnitsSection({ prefs, save }: { prefs: Preferences; save: Save['save'] }) {
  const { t } = useTranslation('settings');
  return (
    <section className="st-section" aria-labelledby="st-units">
      <h3 id="st-units">{t('units.title')}</h3>
      <Choice
        name="distance"
        legend={t('units.distance')}
        value={prefs.distanceUnit}
        options={[
          { value: 'km', label: t('units.distanceKm') },
          { value: 'mi', label: t('units.distanceMi') },
        ]}
        onPick={(distanceUnit) => save({ distanceUnit })}
      />
      <Choice
        name="volume"
        legend={t('units.volume')}
        value={prefs.volumeUnit}
        options={[
          { value: 'l', label: t('units.volumeL') },
          { value: 'gal', label: t('units.volumeGal') },
        ]}
        onPick={(volumeUnit) => save({ volumeUnit })}
      />
      <Choice
        name="zone"
        legend={t('units.zone')}
        value={prefs.timeZone}
        options={[
          { value: 'object', label: t('units.zoneObject') },
          { value: 'computer', label: t('units.zoneComputer') },
          { value: 'utc', label: t('units.zoneUtc') },
        ]}
        hint={t('units.zoneHint')}
        onPick={(timeZone) => save({ timeZone })}
      />
      <Choice
        name="clock"
        legend={t('units.clock')}
        value={prefs.clock}
        options={[
          { value: '24h', label: t('units.clock24') },
          { value: '12h', label: t('units.clock12') },
        ]}
        onPick={(clock) => save({ clock })}
      />
    </section>
  );
}
