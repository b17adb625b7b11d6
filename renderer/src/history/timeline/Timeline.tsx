import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
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
/** The scale row at the top: dragging there pans, as one drags a map; below it the drag moves the cursor. */
const SCALE_H = 16;
const LANE = { y: 18, h: 20, tickH: 8 };

/**
 * Bands, ticks and a draggable cursor on one canvas over the visible window; the cursor
 * line is a DOM overlay so moving it redraws nothing.
 */
export function Timeline({ tz, bands, hasMissing, files, cursor, timeWindow, describe, onOpenFile, onSeek }: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const widthRef = useRef(0);
  const drag = useRef<{ mode: 'seek' | 'pan'; x: number } | null>(null);
  const autoScroll = useRef(0);
  const trackId = useId();
  const themeName = useTheme();
  const t = useSyncExternalStore(cursor.subscribe, cursor.get);
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
  const cursorShown = t >= w.from && t <= w.till;
  return (
    <div className="history-timeline">
      <div className="timeline-bar">
        <div className="zoom" role="group" aria-label="Timeline zoom">
          <button type="button" aria-label="Zoom out" title="Zoom out (−)" disabled={whole} onClick={() => zoomBy(1 / ZOOM_STEP)}>
            −
          </button>
          <button type="button" aria-label="Zoom in" title="Zoom in (+)" disabled={narrowest} onClick={() => zoomBy(ZOOM_STEP)}>
            +
          </button>
          <button type="button" title="Whole interval (0)" disabled={whole} onClick={() => timeWindow.whole()}>
            Whole interval
          </button>
          <output aria-label="Visible window" className="window-text">
            Showing {fmtShort(w.from, tz)} – {fmtShort(w.till, tz)} ({whole ? 'whole interval, ' : ''}
            {fmtDuration(w.till - w.from)})
          </output>
        </div>
        <div className="legend" aria-hidden="true">
          <span><i className="move" />Moving</span>
          <span><i className="park" />Parked</span>
          <span><i className="tick" />Event</span>
          {hasMissing && <span><i className="missing" />Not in the cache</span>}
        </div>
      </div>
      <div
        ref={wrap}
        id={trackId}
        className="track"
        role="slider"
        tabIndex={0}
        aria-label="Time cursor"
        aria-keyshortcuts="+ - 0"
        aria-valuemin={bounds.from}
        aria-valuemax={bounds.till}
        aria-valuenow={Math.round(t)}
        aria-valuetext={`${fmtTime(t, tz)}${describe(t) ? `, ${describe(t)}` : ''}`}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onKeyDown={onKey}
      >
        <canvas ref={canvas} aria-hidden="true" />
        <div className="scale-grip" aria-hidden="true" title={whole ? undefined : 'Drag to move the shown part'} />
        <div className="cursor" hidden={!cursorShown} style={{ transform: `translateX(${xOf(t)}px)` }} aria-hidden="true" />
        <div className="files" role="group" aria-label="Photos in view">
          {visibleFiles.map((f) => (
            <button
              key={f.Uid}
              type="button"
              className="file"
              style={{ left: `${((f.Time - w.from) / span) * 100}%` }}
              aria-label={`Photo ${fmtTime(f.Time, tz)}`}
              title={`Photo ${fmtTime(f.Time, tz)}`}
              onClick={() => onOpenFile(f)}
            >
              <CameraIcon />
            </button>
          ))}
        </div>
      </div>
      <TimelineOverview bands={bands} timeWindow={timeWindow} cursor={cursor} controls={trackId} label={`Showing ${fmtShort(w.from, tz)} – ${fmtShort(w.till, tz)}`} />
    </div>
  );
}
