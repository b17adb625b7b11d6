import { useTranslation } from 'react-i18next';
import type { Derived } from '../model/derive';
import type { FuelJump } from '../model/fuel';
import type { Cursor } from '../replay/clock';
import { SensorChart } from './SensorChart';
import type { TimeWindow } from './timeline-window';

/** A sensor without refuels or drains: one array, so its chart is not rebuilt on every render. */
const NO_JUMPS: FuelJump[] = [];

interface Props {
  d: Derived;
  tz: string;
  cursor: Cursor;
  timeWindow: TimeWindow;
  loadDone: boolean;
  /** Bumps with every copy of the data: a chart is rebuilt on a new copy, never redrawn in place. */
  version: number;
  onSeek: () => void;
  onCanvas: (id: number, c: HTMLCanvasElement | null) => void;
}

/**
 * One chart per sensor over the visible window, drawn once the interval is loaded: each
 * update of a load rebuilt every chart over everything so far, while the map already
 * fills in and the readout follows the cursor.
 */
export function SensorCharts({ d, tz, cursor, timeWindow, loadDone, version, onSeek, onCanvas }: Props) {
  const { t } = useTranslation('history');
  return (
    <section id={CHARTS_ID} className="history-sensors" aria-label={t('sensors.region')} tabIndex={-1}>
      {loadDone ? (
        d.sensors.map((s) => (
          <SensorChart key={`${s.id}:${version}`} view={s} tz={tz} cursor={cursor} timeWindow={timeWindow} jumps={d.jumps.get(s.id) ?? NO_JUMPS} onSeek={onSeek} onCanvas={onCanvas} />
        ))
      ) : (
        <p className="history-note muted">
          {t('sensors.waiting', { count: d.sensors.length })}
        </p>
      )}
    </section>
  );
}

export const CHARTS_ID = 'history-sensor-charts';

/**
 * The charts sit below the map, timeline and player, which fill the window: this says they
 * are there and takes the operator to them (focus moves too, so the keyboard follows).
 */
export function ChartsLink({ count }: { count: number }) {
  const { t } = useTranslation('history');
  return (
    <button
      type="button"
      className="history-charts-link"
      onClick={() => {
        const el = document.getElementById(CHARTS_ID);
        el?.scrollIntoView({ block: 'start' });
        el?.focus({ preventScroll: true });
      }}
    >
      {t('sensors.link', { count })} <span aria-hidden="true">↓</span>
    </button>
  );
}
