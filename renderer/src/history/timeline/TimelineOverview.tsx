import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../theme/theme';
import type { Cursor } from '../replay/clock';
import { bandColors, drawBands, prepareCanvas, type BandData } from './timeline-draw';
import type { TimeWindow } from './timeline-window';

interface Props {
  bands: BandData;
  timeWindow: TimeWindow;
  cursor: Cursor;
  /** The id of the timeline it scrolls. */
  controls: string;
  /** The visible window in words, for screen readers. */
  label: string;
}

const H = 12;

/**
 * The whole interval in miniature with the visible window as a thumb: drag the thumb to
 * pan, press elsewhere to bring that moment to the middle; arrow keys and Page keys pan.
 */
export function TimelineOverview({ bands, timeWindow, cursor, controls, label }: Props) {
  const { t } = useTranslation('history');
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const last = useRef<number | null>(null);
  const themeName = useTheme();
  const w = useSyncExternalStore(timeWindow.subscribe, timeWindow.get);
  const b = timeWindow.getBounds();
  const whole = Math.max(1, b.till - b.from);
  const mid = (((w.from + w.till) / 2 - b.from) / whole) * 100;
  const size = ((w.till - w.from) / whole) * 100;
  const room = whole - (w.till - w.from);
  const pos = room > 0 ? Math.round(((w.from - b.from) / room) * 100) : 0;

  useEffect(() => {
    const ro = new ResizeObserver(([e]) => setWidth(Math.floor(e!.contentRect.width)));
    ro.observe(box.current!);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    drawBands(prepareCanvas(c, width, H), b, width, { y: 2, h: H - 4, tickH: 0 }, bands, bandColors(c));
  }, [width, b, bands, themeName]);

  // The cursor's place follows replay frames directly: no render of this strip per frame.
  useEffect(() => {
    const place = () => {
      if (line.current) line.current.style.left = `${((cursor.get() - b.from) / whole) * 100}%`;
    };
    place();
    return cursor.subscribe(place);
  }, [cursor, b.from, whole]);

  const timeAt = (clientX: number) => {
    const r = box.current!.getBoundingClientRect();
    return b.from + ((clientX - r.left) / Math.max(1, r.width)) * whole;
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    const t = timeAt(e.clientX);
    if (t < w.from || t > w.till) timeWindow.centreOn(t);
    last.current = e.clientX;
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (last.current === null || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
    timeWindow.pan(((e.clientX - last.current) / Math.max(1, box.current!.clientWidth)) * whole);
    last.current = e.clientX;
  };
  const onUp = () => (last.current = null);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const span = w.till - w.from;
    const moves: Record<string, number> = { ArrowLeft: -span / 10, ArrowRight: span / 10, PageUp: -span, PageDown: span, Home: -whole, End: whole };
    if (!(e.key in moves)) return;
    e.preventDefault();
    timeWindow.pan(moves[e.key]!);
  };

  return (
    <div
      ref={box}
      className="timeline-overview"
      role="scrollbar"
      tabIndex={0}
      aria-label={t('timeline.overview')}
      aria-controls={controls}
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pos}
      aria-valuetext={label}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onKeyDown={onKey}
    >
      <canvas ref={canvas} aria-hidden="true" />
      <div className="thumb" style={{ left: `${mid}%`, width: `${size}%` }} aria-hidden="true" />
      <div ref={line} className="where" aria-hidden="true" />
    </div>
  );
}
