/**
 * The Settings screen (#/settings): units, the time rule and clock, theme, language, alarm
 * sounds, the tray, poll periods, the tile source and the saved connections. Every change goes
 * to the core (settings/set), which keeps it and tells every window (settings/changed).
 */
import { useTranslation } from 'react-i18next';
import { ConnectionsSection } from '../connections/ConnectionsSection';
import { usePreferences } from '../stores/preferences';
import { AlarmsSection } from './AlarmsSection';
import { LookSection } from './LookSection';
import { PeriodsForm } from './PeriodsForm';
import { TileSourceForm } from './TileSourceForm';
import { UnitsSection } from './UnitsSection';
import { useSave } from './use-save';
import './settings.css';

export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const prefs = usePreferences();
  const { save, error, saved, setError } = useSave();
  return (
    <main className="settings" aria-label={t('title')}>
      <div className="st-page">
        <h2>{t('title')}</h2>
        <p className="hint">{t('intro')}</p>
        <div className="st-outcome" aria-live="polite">
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : (
            saved && <p role="status">{t('saved')}</p>
          )}
        </div>
        <UnitsSection prefs={prefs} save={save} />
        <LookSection prefs={prefs} save={save} />
        <AlarmsSection prefs={prefs} save={save} />
        <section className="st-section" aria-labelledby="st-data">
          <h3 id="st-data">{t('data.title')}</h3>
          <PeriodsForm prefs={prefs} save={save} onError={setError} />
          <TileSourceForm prefs={prefs} save={save} onError={setError} />
        </section>
        <section className="st-section" aria-labelledby="st-connections">
          <h3 id="st-connections">{t('connections.title')}</h3>
          <ConnectionsSection showTitle={false} />
        </section>
      </div>
    </main>
  );
}
