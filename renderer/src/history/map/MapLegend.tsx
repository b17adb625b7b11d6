/**
 * What every mark on the History map means, drawn with the marks' own classes so the key
 * looks like the map; and the track's speed colours. Open by default where the map has room.
 */
import { useState, type ReactElement } from 'react';
import { SPEED_BUCKETS } from './speed-colors';
import '../history-layout.css';

const KINDS: { key: string; icon: ReactElement; text: string }[] = [
  { key: 'start', icon: <span className="history-end-marker start legend-icon">A</span>, text: 'Start of the track' },
  { key: 'end', icon: <span className="history-end-marker end legend-icon">B</span>, text: 'End of the track' },
  { key: 'car', icon: <span className="history-car legend-icon"><span className="arrow" /></span>, text: 'Vehicle at the time cursor' },
  { key: 'stop', icon: <span className="history-stop-marker legend-icon">1</span>, text: 'Stop (its number)' },
  { key: 'many', icon: <span className="history-stop-marker many legend-icon">3×</span>, text: 'Several stops at one place' },
  { key: 'group', icon: <span className="history-stop-marker group legend-icon">9</span>, text: 'Stops close together: click to zoom in' },
  { key: 'event', icon: <span className="legend-dot event" />, text: 'Event' },
  { key: 'violation', icon: <span className="legend-dot violation" />, text: 'Violation' },
  { key: 'refuel', icon: <span className="history-fuel-marker refuel legend-icon">+</span>, text: 'Refuel' },
  { key: 'drain', icon: <span className="history-fuel-marker drain legend-icon">−</span>, text: 'Fuel drain' },
];

/** Wide enough that the open legend leaves most of the map in sight. */
const OPEN_FROM_PX = 1280;

export function MapLegend() {
  const [open, setOpen] = useState(() => window.innerWidth >= OPEN_FROM_PX);
  return (
    <div className="history-legend">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Legend</summary>
        <ul className="marks" aria-label="Map legend">
          {KINDS.map((k) => (
            <li key={k.key}>
              <span className="icon" aria-hidden="true">
                {k.icon}
              </span>
              {k.text}
            </li>
          ))}
        </ul>
      </details>
      <div className="speeds" role="group" aria-label="Speed legend (km/h)">
        <span className="title">km/h</span>
        {SPEED_BUCKETS.map((b) => (
          <span key={b.label} className="item">
            <i style={{ background: b.color }} />
            {b.label}
          </span>
        ))}
      </div>
    </div>
  );
}
