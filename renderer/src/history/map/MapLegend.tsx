/**
 * What every mark on the History map means, drawn with the marks' own classes so the key
 * looks like the map; and the track's speed colours. Open by default where the map has room.
 */
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEED_BUCKETS } from './speed-colors';
import { usePreferences } from '../../stores/preferences';
import { speedUnitText, toSpeed } from '../../ui/format';
import '../history-layout.css';

/** A speed band's bounds in the operator's unit: "< 5", "5–30", "≥ 120" (km/h), "< 3", "3–19", "≥ 75" (mph). */
function bucketText(i: number): string {
  const at = (b: number) => Math.round(toSpeed(SPEED_BUCKETS[b]!.upTo));
  if (i === 0) return `< ${at(0)}`;
  if (i === SPEED_BUCKETS.length - 1) return `≥ ${at(i - 1)}`;
  return `${at(i - 1)}–${at(i)}`;
}

/** Each entry's words are `history:legend.<key>`. */
const KINDS: { key: string; icon: ReactElement }[] = [
  { key: 'start', icon: <span className="history-end-marker start legend-icon">A</span> },
  { key: 'end', icon: <span className="history-end-marker end legend-icon">B</span> },
  { key: 'car', icon: <span className="history-car legend-icon"><span className="arrow" /></span> },
  { key: 'stop', icon: <span className="history-stop-marker legend-icon">1</span> },
  { key: 'many', icon: <span className="history-stop-marker many legend-icon">3×</span> },
  { key: 'group', icon: <span className="history-stop-marker group legend-icon">9</span> },
  { key: 'event', icon: <span className="legend-dot event" /> },
  { key: 'violation', icon: <span className="legend-dot violation" /> },
  { key: 'refuel', icon: <span className="history-fuel-marker refuel legend-icon">+</span> },
  { key: 'drain', icon: <span className="history-fuel-marker drain legend-icon">−</span> },
];

/** Wide enough that the open legend leaves most of the map in sight. */
const OPEN_FROM_PX = 1280;

export function MapLegend() {
  const { t } = useTranslation('history');
  usePreferences(); // the speed bands in km/h or mph
  const [open, setOpen] = useState(() => window.innerWidth >= OPEN_FROM_PX);
  return (
    <div className="history-legend">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t('legend.title')}</summary>
        <ul className="marks" aria-label={t('legend.marks')}>
          {KINDS.map((k) => (
            <li key={k.key}>
              <span className="icon" aria-hidden="true">
                {k.icon}
              </span>
              {t(`legend.${k.key}`)}
            </li>
          ))}
        </ul>
      </details>
      <div className="speeds" role="group" aria-label={t('legend.speeds')}>
        <span className="title">{speedUnitText()}</span>
        {SPEED_BUCKETS.map((b, i) => (
          <span key={b.color} className="item">
            <i style={{ background: b.color }} />
            {bucketText(i)}
          </span>
        ))}
      </div>
    </div>
  );
}
