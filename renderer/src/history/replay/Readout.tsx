import { useSyncExternalStore } from 'react';
import { fixAt, type TrackModel } from '../model/track-model';
import type { Cursor } from './clock';
import { sensorText, valueAt, type SensorView } from '../model/sensors';
import { fmtTime } from '../time-format';
import { speedText } from '../../ui/format';
import { usePreferences } from '../../stores/preferences';

/** What the vehicle was doing at the cursor: re-renders alone, at the replay's frame rate. */
export function Readout({ model, sensors, cursor, tz }: { model: TrackModel | null; sensors: SensorView[]; cursor: Cursor; tz: string }) {
  const t = useSyncExternalStore(cursor.subscribe, cursor.get);
  usePreferences(); // units and clock: read as the text is made
  const f = model ? fixAt(model, t) : null;
  return (
    <dl className="history-readout" aria-label="At the cursor">
      <div>
        <dt>Time</dt>
        <dd>{fmtTime(t, tz)}</dd>
      </div>
      <div>
        <dt>Speed</dt>
        <dd aria-label="Speed at the cursor">{f ? speedText(f.speed) : '—'}</dd>
      </div>
      <div>
        <dt>Heading</dt>
        <dd>{f && Number.isFinite(f.heading) ? `${Math.round(f.heading)}°` : '—'}</dd>
      </div>
      <div>
        <dt>Position</dt>
        <dd>{f ? `${f.lat.toFixed(5)}, ${f.lng.toFixed(5)}` : '—'}</dd>
      </div>
      {sensors.map((s) => (
        <div key={s.id}>
          <dt>{s.name}</dt>
          <dd aria-label={`${s.name} reading`}>{sensorText(s, valueAt(s.series, t))}</dd>
        </div>
      ))}
    </dl>
  );
}
