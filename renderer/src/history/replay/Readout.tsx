import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { speedText } from '../../ui/format';
import { fixAt, type TrackModel } from '../model/track-model';
import type { Cursor } from './clock';
import { sensorText, valueAt, type SensorView } from '../model/sensors';
import { fmtTime } from '../time-format';
import { usePreferences } from '../../stores/preferences';

/** What the vehicle was doing at the cursor: re-renders alone, at the replay's frame rate. */
export function Readout({ model, sensors, cursor, tz }: { model: TrackModel | null; sensors: SensorView[]; cursor: Cursor; tz: string }) {
  const { t } = useTranslation('history');
  const at = useSyncExternalStore(cursor.subscribe, cursor.get);
  usePreferences(); // units and clock: read as the text is made
  const f = model ? fixAt(model, at) : null;
  return (
    <dl className="history-readout" aria-label={t('readout.label')}>
      <div>
        <dt>{t('readout.time')}</dt>
        <dd>{fmtTime(at, tz)}</dd>
      </div>
      <div>
        <dt>{t('readout.speed')}</dt>
        <dd aria-label={t('readout.speedAt')}>{f && Number.isFinite(f.speed) ? speedText(f.speed) : '—'}</dd>
      </div>
      <div>
        <dt>{t('readout.heading')}</dt>
        <dd>{f && Number.isFinite(f.heading) ? t('units.degrees', { n: Math.round(f.heading) }) : '—'}</dd>
      </div>
      <div>
        <dt>{t('readout.position')}</dt>
        <dd>{f ? `${f.lat.toFixed(5)}, ${f.lng.toFixed(5)}` : '—'}</dd>
      </div>
      {sensors.map((s) => (
        <div key={s.id}>
          <dt>{s.name}</dt>
          <dd aria-label={t('readout.reading', { name: s.name })}>{sensorText(s, valueAt(s.series, at))}</dd>
        </div>
      ))}
    </dl>
  );
}
