import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import type { FleetFile } from '../../../common/resources';
import { CameraIcon } from './icons';
import type { Cursor } from './replay';
import { fmtShort, fmtTime } from './time-format';
import type { Stop, Trip } from './trips';

interface Props {
  from: number;
  till: number;
  tz: string;
  trips: Trip[];
  stops: Stop[];
  eventTimes: number[];
  missing: [number, number][];
  files: FleetFile[];
  cursor: Cursor;
  /** What the slider says besides the time (speed at the cursor), for screen readers. */
  describe: (t: number) => string;
  onOpenFile: (f: FleetFile) => void;
  onSeek: () => void;
}

const H = 64;
const BAND_Y = 18;
const BAND_H = 20;

/** Bands, ticks and a draggable cursor on one canvas; the cursor line is a DOM overlay so moving it redraws nothing. */
export function Timeline({ from, till, tz, trips, stops, eventTimes, missing, files, cursor, describe, onOpenFile, onSeek }: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const t = useSyncExternalStore(cursor.subscribe, cursor.get);
  const span = Math.max(1, till - from);
  const xOf = (ms: number) => ((ms - from) / span) * width;

  useEffect(() => {
    const ro = new ResizeObserver(([e]) => setWidth(Math.floor(e!.contentRect.width)));
    ro.observe(wrap.current!);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = width * dpr;
    c.height = H * dpr;
    c.style.width = `${width}px`;
    c.style.height = `${H}px`;
    const ctx = c.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, H);
    const css = getComputedStyle(c);
    const v = (name: string, dflt: string) => css.getPropertyValue(name).trim() || dflt;
    const x = (ms: number) => ((ms - from) / span) * width;
    ctx.fillStyle = v('--history-none', '#e3e7ec');
    ctx.fillRect(0, BAND_Y, width, BAND_H);
    ctx.fillStyle = v('--history-park', '#2f6fde');
    for (const s of stops) ctx.fillRect(x(s.from), BAND_Y, Math.max(1, x(s.till) - x(s.from)), BAND_H);
    ctx.fillStyle = v('--history-move', '#1f9d55');
    for (const s of trips) ctx.fillRect(x(s.from), BAND_Y, Math.max(1, x(s.till) - x(s.from)), BAND_H);
    ctx.fillStyle = v('--history-missing', 'rgba(192,57,43,0.35)');
    for (const [a, b] of missing) ctx.fillRect(x(a), BAND_Y - 4, Math.max(1, x(b) - x(a)), BAND_H + 8);
    ctx.strokeStyle = v('--history-event', '#8e44ad');
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const e of eventTimes) {
      const ex = Math.round(x(e)) + 0.5;
      ctx.moveTo(ex, BAND_Y + BAND_H + 2);
      ctx.lineTo(ex, BAND_Y + BAND_H + 10);
    }
    ctx.stroke();
    ctx.fillStyle = v('--muted', '#5f6b7a');
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    const labels = Math.max(2, Math.floor(width / 140));
    for (let k = 0; k <= labels; k++) {
      const ms = from + (span * k) / labels;
      const text = fmtShort(ms, tz);
      const tw = ctx.measureText(text).width;
      ctx.fillText(text, Math.min(width - tw, Math.max(0, x(ms) - tw / 2)), 2);
    }
  }, [width, from, span, tz, trips, stops, eventTimes, missing]);

  const seekTo = (clientX: number) => {
    const r = wrap.current!.getBoundingClientRect();
    const f = Math.max(0, Math.min(1, (clientX - r.left) / r.width));
    cursor.set(from + f * span);
    onSeek();
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    seekTo(e.clientX);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) seekTo(e.clientX);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 600_000 : 60_000;
    const moves: Record<string, number> = { ArrowLeft: -step, ArrowDown: -step, ArrowRight: step, ArrowUp: step, PageUp: 3600_000, PageDown: -3600_000 };
    let next: number | null = null;
    if (e.key in moves) next = cursor.get() + moves[e.key]!;
    else if (e.key === 'Home') next = from;
    else if (e.key === 'End') next = till;
    if (next === null) return;
    e.preventDefault();
    cursor.set(Math.max(from, Math.min(till, next)));
    onSeek();
  };

  return (
    <div className="history-timeline">
      <div
        ref={wrap}
        className="track"
        role="slider"
        tabIndex={0}
        aria-label="Time cursor"
        aria-valuemin={from}
        aria-valuemax={till}
        aria-valuenow={Math.round(t)}
        aria-valuetext={`${fmtTime(t, tz)}${describe(t) ? `, ${describe(t)}` : ''}`}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onKeyDown={onKey}
      >
        <canvas ref={canvas} aria-hidden="true" />
        <div className="cursor" style={{ transform: `translateX(${xOf(t)}px)` }} aria-hidden="true" />
        <div className="files" role="group" aria-label="Photos of the interval">
          {files.map((f) => (
            <button
              key={f.Uid}
              type="button"
              className="file"
              style={{ left: `${((f.Time - from) / span) * 100}%` }}
              aria-label={`Photo ${fmtTime(f.Time, tz)}`}
              title={`Photo ${fmtTime(f.Time, tz)}`}
              onClick={() => onOpenFile(f)}
            >
              <CameraIcon />
            </button>
          ))}
        </div>
      </div>
      <div className="legend" aria-hidden="true">
        <span><i className="move" />Moving</span>
        <span><i className="park" />Parked</span>
        <span><i className="tick" />Event</span>
        {missing.length > 0 && <span><i className="missing" />Not in the cache</span>}
      </div>
    </div>
  );
}
