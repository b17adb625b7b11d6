import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../common/methods/settings';
import type { Save } from './use-save';

/** A checkbox that shows the operator's change while the core saves it; a refusal puts the saved value back. */
function Check({ checked, label, hint, hintId, onChange }: { checked: boolean; label: string; hint: string; hintId: string; onChange: (on: boolean) => Promise<unknown> }) {
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <>
      <label className="st-check">
        <input
          type="checkbox"
          checked={pending ?? checked}
          aria-describedby={hintId}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setPending(on);
            void onChange(on).finally(() => setPending(null));
          }}
        />
        {label}
      </label>
      <p className="hint" id={hintId}>
        {hint}
      </p>
    </>
  );
}

/** Alarm sounds (events/beep.ts reads it) and the tray on close (the Electron shell reads `closeToTray`). */
export function AlarmsSection({ prefs, save }: { prefs: Preferences; save: Save['save'] }) {
  const { t } = useTranslation('settings');
  return (
    <section className="st-section" aria-labelledby="st-alarms">
      <h3 id="st-alarms">{t('alarms.title')}</h3>
      <Check checked={prefs.alarmSounds} label={t('alarms.sounds')} hint={t('alarms.soundsHint')} hintId="st-sounds-hint" onChange={(alarmSounds) => save({ alarmSounds })} />
      <Check checked={prefs.closeToTray} label={t('alarms.tray')} hint={t('alarms.trayHint')} hintId="st-tray-hint" onChange={(closeToTray) => save({ closeToTray })} />
    </section>
  );
}
