import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../common/methods/settings';
import type { Save } from './use-save';

/** Alarm sounds (events/beep.ts reads it) and the tray on close (the Electron shell reads `closeToTray`). */
export function AlarmsSection({ prefs, save }: { prefs: Preferences; save: Save['save'] }) {
  const { t } = useTranslation('settings');
  return (
    <section className="st-section" aria-labelledby="st-alarms">
      <h3 id="st-alarms">{t('alarms.title')}</h3>
      <label className="st-check">
        <input type="checkbox" checked={prefs.alarmSounds} aria-describedby="st-sounds-hint" onChange={(e) => void save({ alarmSounds: e.currentTarget.checked })} />
        {t('alarms.sounds')}
      </label>
      <p className="hint" id="st-sounds-hint">
        {t('alarms.soundsHint')}
      </p>
      <label className="st-check">
        <input type="checkbox" checked={prefs.closeToTray} aria-describedby="st-tray-hint" onChange={(e) => void save({ closeToTray: e.currentTarget.checked })} />
        {t('alarms.tray')}
      </label>
      <p className="hint" id="st-tray-hint">
        {t('alarms.trayHint')}
      </p>
    </section>
  );
}
