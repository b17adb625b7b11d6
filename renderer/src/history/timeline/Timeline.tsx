import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetFile } from '../../../../common/resources';
import { useTheme } from '../../theme/theme';
import { CameraIcon } from '../icons';
import type { Cursor } from '../replay/clock';
import { fmtDuration, fmtShort, fmtTime } from '../time-format';
import { bandColors, drawBands, drawScale, prepareCanvas, type BandData } from './timeline-draw';
import { ticks } from './timeline-ticks';
import { edgeScroll, isWhole, MIN_SPAN, wheelFactor, ZOOM_STEP, type TimeWindow } from './timeline-window';
import { TimelineOverview } from './TimelineOverview';

interface Props {
  tz: string;
  bands: BandData;
  hasMissing: boolean;
  files: FleetFile[];
  cursor: Cursor;
  timeWindow: TimeWindow;
  /** What the slider says besides the time (speed at the cursor), for screen readers. */
  describe: (t: number) => string;
  onOpenFile: (f: FleetFile) => void;
  onSeek: () => void;
}

const H = 64;
/** The zoom-out button's sign (U+2212), not a word. */
const MINUS = '\u2212';
/** The scale row at the top: dragging there pans, as one drags a map; below it the drag moves the cursor. */
const SCALE_H = 16;
const LANE = { y: 18, h: 20, tickH: 8 };

/**
 * Bands, ticks and a draggable cursor on one canvas over the visible window; the cursor
 * line is a DOM overlay so moving it redraws nothing.
 */
export function Timeline({ tz, bands, hasMissing, files, cursor, timeWindow, describe, onOpenFile, onSeek }: Props) {
  const { t } = useTranslation('history');
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const widthRef = useRef(0);
  const drag = useRef<{ mode: 'seek' | 'pan'; x: number } | null>(null);
  const autoScroll = useRef(0);
  const trackId = useId();
  const themeName = useTheme();
  const at = useSyncExternalStore(cursor.subscribe, cursor.get);
  const w = useSyncExternalStore(timeWindow.subscribe, timeWindow.get);
  const bounds = timeWindow.getBounds();
  const span = Math.max(1, w.till - w.from);
  const xOf = (ms: number) => ((ms - w.from) / span) * width;
  const whole = isWhole(w, bounds);
  const narrowest = span <= Math.min(MIN_SPAN, bounds.till - bounds.from);

  useEffect(() => {
    const ro = new ResizeObserver(([e]) => {
      widthRef.current = Math.floor(e!.contentRect.width);
      setWidth(widthRef.current);
    });
    ro.observe(wrap.current!);
    return () => ro.disconnect();
  }, []);

  const scale = useMemo(() => (width > 0 ? ticks(w.from, w.till, tz, width) : []), [w.from, w.till, tz, width]);
  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const ctx = prepareCanvas(c, width, H);
    const colors = bandColors(c);
    drawBands(ctx, w, width, LANE, bands, colors);
    drawScale(ctx, w, width, scale, colors, SCALE_H);
  }, [width, w, bands, scale, themeName]);

  // Wheel zooms around the pointer (as the map above does); shift or a sideways swipe pans.
  // A native listener: React's wheel listener is passive and could not keep the page still.
  useEffect(() => {
    const el = wrap.current!;
    const onWheel = (e: WheelEvent) => {
      const width = widthRef.current;
      if (width === 0) return;
      e.preventDefault();
      const cur = timeWindow.get();
      const perPx = (cur.till - cur.from) / width;
      const sideways = Math.abs(e.deltaX) > Math.abs(e.deltaY);
      if (e.shiftKey || sideways) {
        const d = sideways ? e.deltaX : e.deltaY;
        timeWindow.pan((e.deltaMode === 1 ? d * 33 : d) * perPx);
        return;
      }
      const r = el.getBoundingClientRect();
      timeWindow.zoom(wheelFactor(e.deltaY, e.deltaMode), cur.from + (e.clientX - r.left) * perPx);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [timeWindow]);

  /** Buttons and keys zoom around the cursor when it is in view, so it stays under the eye. */
  const zoomBy = (factor: number) => {
    const c = cursor.get();
    const cur = timeWindow.get();
    timeWindow.zoom(factor, c >= cur.from && c <= cur.till ? c : undefined);
  };

  const seekTo = (clientX: number) => {
    const r = wrap.current!.getBoundingClientRect();
    const f = Math.max(0, Math.min(1, (clientX - r.left) / r.width));
    const cur = timeWindow.get();
    // Pause first: a seek during replay must not be taken for replay paging the window.
    onSeek();
    cursor.set(cur.from + f * (cur.till - cur.from));
  };
  /**
   * While the cursor is dragged past an edge, the window scrolls under it every frame and
   * the cursor rides the edge, so any moment of the interval is reachable in one drag.
   */
  const scrollWhileOutside = () => {
    if (autoScroll.current) return;
    let last = performance.now();
    const step = (now: number) => {
      const d = drag.current;
      const el = wrap.current;
      if (!d || d.mode !== 'seek' || !el) return void (autoScroll.current = 0);
      const r = el.getBoundingClientRect();
      const over = d.x < r.left ? d.x - r.left : d.x > r.right ? d.x - r.right : 0;
      if (over === 0) return void (autoScroll.current = 0);
      const cur = timeWindow.get();
      timeWindow.pan(edgeScroll(cur.till - cur.from, over, now - last));
      last = now;
      const next = timeWindow.get();
      cursor.set(over < 0 ? next.from : next.till);
      autoScroll.current = requestAnimationFrame(step);
    };
    autoScroll.current = requestAnimationFrame(step);
  };
  useEffect(() => () => cancelAnimationFrame(autoScroll.current), []);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    drag.current = { mode: y < SCALE_H ? 'pan' : 'seek', x: e.clientX };
    if (drag.current.mode === 'seek') seekTo(e.clientX);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
    if (d.mode === 'seek') {
      d.x = e.clientX;
      seekTo(e.clientX);
      const r = e.currentTarget.getBoundingClientRect();
      if (e.clientX < r.left || e.clientX > r.right) scrollWhileOutside();
      return;
    }
    const cur = timeWindow.get();
    timeWindow.pan(((d.x - e.clientX) * (cur.till - cur.from)) / Math.max(1, widthRef.current));
    d.x = e.clientX;
  };
  const onUp = () => (drag.current = null);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const zoomKeys: Record<string, () => void> = {
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '−': () => zoomBy(1 / ZOOM_STEP),
      '0': () => timeWindow.whole(),
    };
    if (!e.ctrlKey && !e.metaKey && !e.altKey && zoomKeys[e.key]) {
      e.preventDefault();
      zoomKeys[e.key]!();
      return;
    }
    const step = e.shiftKey ? 600_000 : 60_000;
    const moves: Record<string, number> = { ArrowLeft: -step, ArrowDown: -step, ArrowRight: step, ArrowUp: step, PageUp: 3600_000, PageDown: -3600_000 };
    let next: number | null = null;
    if (e.key in moves) next = cursor.get() + moves[e.key]!;
    else if (e.key === 'Home') next = bounds.from;
    else if (e.key === 'End') next = bounds.till;
    if (next === null) return;
    e.preventDefault();
    onSeek();
    cursor.set(Math.max(bounds.from, Math.min(bounds.till, next)));
  };

  const visibleFiles = files.filter((f) => f.Time >= w.from && f.Time <= w.till);
  const cursorShown = at >= w.from && at <= w.till;
  const shown = { from: fmtShort(w.from, tz), till: fmtShort(w.till, tz), duration: fmtDuration(w.till - w.from) };
  return (
    <div className="history-timeline">
      <div className="timeline-bar">
        <div className="zoom" role="group" aria-label={t('timeline.zoom')}>
          <button type="button" aria-label={t('timeline.zoomOut')} title={t('timeline.zoomOutTitle')} disabled={whole} onClick={() => zoomBy(1 / ZOOM_STEP)}>
            {MINUS}
          </button>
          <button type="button" aria-label={t('timeline.zoomIn')} title={t('timeline.zoomInTitle')} disabled={narrowest} onClick={() => zoomBy(ZOOM_STEP)}>
            +
          </button>
          <button type="button" title={t('timeline.wholeTitle')} disabled={whole} onClick={() => timeWindow.whole()}>
            {t('timeline.whole')}
          </button>
          <output aria-label={t('timeline.visible')} className="window-text">
            {(whole ? t('timeline.showingWhole', shown) : t('timeline.showing', shown))}
          </output>
        </div>
        <div className="legend" aria-hidden="true">
          <span><i className="move" />{t('timeline.moving')}</span>
          <span><i className="park" />{t('timeline.parked')}</span>
          <span><i className="tick" />{t('timeline.event')}</span>
          {hasMissing && <span><i className="missing" />{t('timeline.missing')}</span>}
        </div>
      </div>
      <div
        ref={wrap}
        id={trackId}
        className="track"
        role="slider"
        tabIndex={0}
        aria-label={t('timeline.cursor')}
        aria-keyshortcuts="+ - 0"
        aria-valuemin={bounds.from}
        aria-valuemax={bounds.till}
        aria-valuenow={Math.round(at)}
        aria-valuetext={`${fmtTime(at, tz)}${describe(at) ? `, ${describe(at)}` : ''}`}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onKeyDown={onKey}
      >
        <canvas ref={canvas} aria-hidden="true" />
        <div className="scale-grip" aria-hidden="true" title={whole ? undefined : t('timeline.drag')} />
        <div className="cursor" hidden={!cursorShown} style={{ transform: `translateX(${xOf(at)}px)` }} aria-hidden="true" />
        <div className="files" role="group" aria-label={t('timeline.photos')}>
          {visibleFiles.map((f) => (
            <button
              key={f.Uid}
              type="button"
              className="file"
              style={{ left: `${((f.Time - w.from) / span) * 100}%` }}
              aria-label={t('photo.title', { time: fmtTime(f.Time, tz) })}
              title={t('photo.title', { time: fmtTime(f.Time, tz) })}
              onClick={() => onOpenFile(f)}
            >
              <CameraIcon />
            </button>
          ))}
        </div>
      </div>
      <TimelineOverview bands={bands} timeWindow={timeWindow} cursor={cursor} controls={trackId} label={t('timeline.showingShort', { from: fmtShort(w.from, tz), till: fmtShort(w.till, tz) })} />
    </div>
  );
}
