/**
 * Canvas drawing shared by the timeline and its overview strip: only the trips, stops,
 * gaps and events that reach into the window are visited (binary search), so a month at
 * minute zoom costs what an hour does.
 */
import { visibleSlice, visibleTimes, type Span } from './timeline-window';
import type { Tick } from './timeline-ticks';

/** Every list sorted by time and disjoint (unionSpans), for bisection. */
export interface BandData {
  trips: readonly Span[];
  stops: readonly Span[];
  missing: readonly Span[];
  eventTimes: ArrayLike<number>;
}

export interface BandColors {
  none: string;
  move: string;
  park: string;
  missing: string;
  event: string;
  muted: string;
}

/** The colours of the history theme variables (a canvas does not see CSS), read when the theme changes. */
export function bandColors(el: Element): BandColors {
  const css = getComputedStyle(el);
  const v = (name: string, dflt: string) => css.getPropertyValue(name).trim() || dflt;
  return {
    none: v('--history-none', '#e3e7ec'),
    move: v('--history-move', '#1f9d55'),
    park: v('--history-park', '#2f6fde'),
    missing: v('--history-missing', 'rgba(192,57,43,0.35)'),
    event: v('--history-event', '#8e44ad'),
    muted: v('--muted', '#5f6b7a'),
  };
}

/** A canvas sized for the device's pixels, its context in CSS pixels and cleared. */
export function prepareCanvas(c: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
  const dpr = window.devicePixelRatio || 1;
  c.width = Math.round(width * dpr);
  c.height = Math.round(height * dpr);
  c.style.width = `${width}px`;
  c.style.height = `${height}px`;
  const ctx = c.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

interface Lane {
  y: number;
  h: number;
  /** Event ticks below the band, or none (the overview has no room). */
  tickH: number;
}

/** Moving and parked bands, the gaps not in the cache over them, event ticks under them. */
export function drawBands(ctx: CanvasRenderingContext2D, w: Span, width: number, lane: Lane, d: BandData, c: BandColors): void {
  const k = width / Math.max(1, w.till - w.from);
  const x = (ms: number) => (ms - w.from) * k;
  const spans = (list: readonly Span[], y: number, h: number) => {
    const [i0, i1] = visibleSlice(list, w);
    for (let i = i0; i < i1; i++) {
      const s = list[i]!;
      const a = Math.max(-1, x(s.from));
      const b = Math.min(width + 1, x(s.till));
      ctx.fillRect(a, y, Math.max(1, b - a), h);
    }
  };
  ctx.fillStyle = c.none;
  ctx.fillRect(0, lane.y, width, lane.h);
  ctx.fillStyle = c.park;
  spans(d.stops, lane.y, lane.h);
  ctx.fillStyle = c.move;
  spans(d.trips, lane.y, lane.h);
  ctx.fillStyle = c.missing;
  spans(d.missing, lane.y - lane.h / 5, lane.h * 1.4);
  if (lane.tickH <= 0) return;
  const [e0, e1] = visibleTimes(d.eventTimes, w);
  ctx.strokeStyle = c.event;
  ctx.lineWidth = 1;
  ctx.beginPath();
  let last = -Infinity;
  for (let i = e0; i < e1; i++) {
    const ex = Math.round(x(d.eventTimes[i]!)) + 0.5;
    // Thousands of events on one pixel are one tick.
    if (ex === last) continue;
    last = ex;
    ctx.moveTo(ex, lane.y + lane.h + 2);
    ctx.lineTo(ex, lane.y + lane.h + 2 + lane.tickH);
  }
  ctx.stroke();
}

/** Scale labels along the top, each centred on its tick and kept inside the canvas. */
export function drawScale(ctx: CanvasRenderingContext2D, w: Span, width: number, list: readonly Tick[], c: BandColors, baseline: number): void {
  const k = width / Math.max(1, w.till - w.from);
  ctx.fillStyle = c.muted;
  ctx.strokeStyle = c.muted;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.beginPath();
  for (const t of list) {
    const x = Math.round((t.t - w.from) * k) + 0.5;
    ctx.moveTo(x, baseline - 3);
    ctx.lineTo(x, baseline);
    const tw = ctx.measureText(t.label).width;
    ctx.fillText(t.label, Math.min(width - tw, Math.max(0, x - tw / 2)), 1);
  }
  ctx.stroke();
}
