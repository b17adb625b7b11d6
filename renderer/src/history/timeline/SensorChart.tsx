import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { FuelJump } from '../model/fuel';
import type { Cursor } from '../replay/clock';
import { cachedTzDate } from '../time-format';
import { tickLabel } from './timeline-ticks';
import type { TimeWindow } from './timeline-window';
import { onOffText, sensorText, valueAt, type SensorView } from '../model/sensors';

interface Props {
  view: SensorView;
  tz: string;
  cursor: Cursor;
  /** The x scale is the timeline's visible window; a drag across the plot sets it. */
  timeWindow: TimeWindow;
  jumps: FuelJump[];
  onSeek: () => void;
  /** The chart's canvas, for the PNG export. */
  onCanvas: (id: number, c: HTMLCanvasElement | null) => void;
}

const HEIGHT = 110;

/** One sensor over the interval; on/off inputs are drawn as filled steps (bands), levels as lines. */
export function SensorChart({ view, tz, cursor, timeWindow, jumps, onSeek, onCanvas }: Props) {
  const { t, i18n } = useTranslation('history');
  const lang = i18n.language;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current!;
    const css = getComputedStyle(el);
    const accent = css.getPropertyValue('--accent').trim() || '#2f6fde';
    const color = view.onOff ? css.getPropertyValue('--history-park').trim() || accent : view.fuel ? '#e08e0b' : accent;
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      ms: 1,
      tzDate: cachedTzDate(tz, uPlot.tzDate),
      legend: { show: false },
      // A drag of a few pixels selects a span to zoom to; shorter is a click that seeks.
      cursor: { y: false, drag: { x: true, y: false, setScale: false, dist: 6 } },
      scales: {
        x: {
          time: true,
          range: () => {
            const w = timeWindow.get();
            return [w.from, w.till];
          },
        },
        y: view.onOff ? { range: () => [0, 1.05] } : { auto: true },
      },
      axes: [
        {
          size: 28,
          space: 70,
          stroke: css.getPropertyValue('--muted').trim() || '#5f6b7a',
          grid: { show: false },
          // The timeline's labels (24-hour, dates at midnight), not uPlot's 12-hour defaults.
          values: (_u: uPlot, splits: number[], _i: number, _space: number, incr: number) => splits.map((t, k) => tickLabel(t, tz, incr, k === 0)),
        },
        {
          size: 56,
          stroke: css.getPropertyValue('--muted').trim() || '#5f6b7a',
          ...(view.onOff ? { splits: () => [0, 1], values: (_u: uPlot, v: number[]) => v.map((x) => onOffText(view, !!x)) } : {}),
        },
      ],
      series: [
        {},
        {
          label: view.name,
          stroke: color,
          width: 1.5,
          ...(view.onOff ? { fill: `${color}55`, paths: uPlot.paths.stepped!({ align: 1 }) } : {}),
        },
      ],
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width <= 0) return;
            selected = true;
            timeWindow.show({ from: u.posToVal(u.select.left, 'x'), till: u.posToVal(u.select.left + u.select.width, 'x') });
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          },
        ],
        draw: [
          (u) => {
            // Refuels and drains: a coloured bar over the step, so the eye finds them on a month.
            const ctx = u.ctx;
            for (const j of jumps) {
              const x0 = u.valToPos(j.from, 'x', true);
              const x1 = Math.max(x0 + 3, u.valToPos(j.till, 'x', true));
              ctx.fillStyle = j.kind === 'refuel' ? 'rgba(31,157,85,0.35)' : 'rgba(192,57,43,0.45)';
              ctx.fillRect(x0 - 2, u.bbox.top, x1 - x0 + 4, u.bbox.height);
            }
          },
        ],
      },
    };
    // The click that ends a drag-select is not a seek.
    let selected = false;
    const u = new uPlot(opts, [Array.from(view.series.time), Array.from(view.series.value)], el);
    onCanvas(view.id, u.ctx.canvas);
    const l = document.createElement('div');
    l.className = 'chart-cursor';
    u.over.appendChild(l);
    const down = () => (selected = false);
    const click = (e: MouseEvent) => {
      if (selected) return;
      const b = timeWindow.getBounds();
      onSeek();
      cursor.set(Math.max(b.from, Math.min(b.till, u.posToVal(e.offsetX, 'x'))));
    };
    u.over.addEventListener('mousedown', down);
    u.over.addEventListener('click', click);
    // The line follows the cursor directly: no React render per replay frame for it.
    const place = () => {
      const t = cursor.get();
      const w = timeWindow.get();
      l.hidden = t < w.from || t > w.till;
      l.style.transform = `translateX(${u.valToPos(t, 'x')}px)`;
    };
    place();
    const off = cursor.subscribe(place);
    // A trackpad sends a wheel event per frame or more: redraw the chart once per frame.
    let frame = 0;
    const offWindow = timeWindow.subscribe(() => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        const w = timeWindow.get();
        u.setScale('x', { min: w.from, max: w.till });
        place();
      });
    });
    const ro = new ResizeObserver(() => {
      u.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT });
      place();
    });
    ro.observe(el);
    return () => {
      off();
      offWindow();
      cancelAnimationFrame(frame);
      ro.disconnect();
      u.over.removeEventListener('mousedown', down);
      u.over.removeEventListener('click', click);
      onCanvas(view.id, null);
      u.destroy();
    };
    // The axis of an on/off sensor may carry words of ours ("On", "Off"): redrawn in a new language.
  }, [view, tz, jumps, cursor, timeWindow, onSeek, onCanvas, lang]);

  const at = useSyncExternalStore(cursor.subscribe, cursor.get);

  const v = valueAt(view.series, at);
  return (
    <figure className="sensor-chart" aria-label={t('sensors.chart', { name: view.name })}>
      <figcaption>
        <span className="name">{view.name}</span>
        {view.units && <span className="units">{view.calibrated ? t('sensors.unitsCalibrated', { units: view.units }) : t('sensors.units', { units: view.units })}</span>}
        {/* Not a live region: it changes at every replay frame, and a reader announcing each
            value of five charts drowns everything else. The readout is there to be read. */}
        <output className="value" aria-label={t('sensors.atCursor', { name: view.name })} aria-live="off">
          {sensorText(view, v)}
        </output>
        {jumps.length > 0 && (
          <span className="jumps">
            {t('sensors.refuels', { count: jumps.filter((j) => j.kind === 'refuel').length })}, {t('sensors.drains', { count: jumps.filter((j) => j.kind === 'drain').length })}
          </span>
        )}
      </figcaption>
      <div ref={box} className="plot" />
    </figure>
  );
}
