/**
 * The part of the interval the timeline and the sensor charts show: zoomed around a
 * moment, panned, kept around the replay cursor. Pure arithmetic plus a small store, so
 * every rule is unit-tested and the views only draw what it says.
 */
import type { Span } from '../replay/player';
import { ValueStore } from '../value-store';
import { lowerBound } from '../../../../common/lower-bound';

export type { Span };

/** Below five minutes a pixel is well under a second: nothing more to see on a track. */
export const MIN_SPAN = 5 * 60_000;

/** One button press or key: ×2 in or out, like a map's zoom step. */
export const ZOOM_STEP = 2;

/** `w` kept inside `bounds`, no wider than them and no narrower than MIN_SPAN (or the bounds, if shorter). */
export function clampWindow(w: Span, bounds: Span, minSpan = MIN_SPAN): Span {
  const whole = Math.max(0, bounds.till - bounds.from);
  const span = Math.min(whole, Math.max(Math.min(minSpan, whole), w.till - w.from));
  // Keep the middle where the caller put it when the span had to change.
  let from = span === w.till - w.from ? w.from : (w.from + w.till) / 2 - span / 2;
  from = Math.max(bounds.from, Math.min(bounds.till - span, from));
  return { from, till: from + span };
}

/** Zoom by `factor` (> 1 shows less) keeping `anchor` at the same place on screen, as a map zooms around the pointer. */
export function zoomAround(w: Span, bounds: Span, anchor: number, factor: number, minSpan = MIN_SPAN): Span {
  const span = w.till - w.from;
  if (span <= 0 || !(factor > 0)) return clampWindow(w, bounds, minSpan);
  const whole = bounds.till - bounds.from;
  const next = Math.min(whole, Math.max(Math.min(minSpan, whole), span / factor));
  const a = Math.max(w.from, Math.min(w.till, anchor));
  const f = (a - w.from) / span;
  const from = a - f * next;
  return clampWindow({ from, till: from + next }, bounds, minSpan);
}

/** Shift by `dt` without changing the span; stops at the ends of the interval. */
export function pan(w: Span, bounds: Span, dt: number, minSpan = MIN_SPAN): Span {
  return clampWindow({ from: w.from + dt, till: w.till + dt }, bounds, minSpan);
}

/** The same span centred on `t` (a click on the overview strip, a seek far away). */
export function centreOn(w: Span, bounds: Span, t: number, minSpan = MIN_SPAN): Span {
  const half = (w.till - w.from) / 2;
  return clampWindow({ from: t - half, till: t + half }, bounds, minSpan);
}

/**
 * Where replay keeps the cursor: untouched while it is inside (short of the last 2 %, where
 * the line would sit on the edge), else a page forward with the cursor a tenth in, so the
 * road ahead shows and the window moves seldom (each move redraws the charts).
 */
export function follow(w: Span, bounds: Span, t: number, minSpan = MIN_SPAN): Span {
  const span = w.till - w.from;
  if (t >= w.from && t <= w.till - span * 0.02) return w;
  const from = t - span * 0.1;
  return clampWindow({ from, till: from + span }, bounds, minSpan);
}

/** After a seek (a list row, an arrow key, the next point): the window moves only if the cursor is outside it. */
export function reveal(w: Span, bounds: Span, t: number, minSpan = MIN_SPAN): Span {
  return t >= w.from && t <= w.till ? w : centreOn(w, bounds, t, minSpan);
}

/**
 * Dragging the cursor past an edge scrolls the window that way, faster the further the
 * pointer is past it: from nothing at the edge to two windows a second 100 px out, as a
 * text selection scrolls its page. Returns the shift for `dtMs` of holding it there.
 */
export function edgeScroll(span: number, overshootPx: number, dtMs: number): number {
  const speed = Math.min(2, Math.abs(overshootPx) / 50); // windows per second
  return Math.sign(overshootPx) * span * speed * (Math.max(0, dtMs) / 1000);
}

/** A trip or a stop with a margin of a fifth of its length on each side, so its ends are visible. */
export function fitTo(item: Span, bounds: Span, minSpan = MIN_SPAN): Span {
  const pad = (item.till - item.from) / 5;
  return clampWindow({ from: item.from - pad, till: item.till + pad }, bounds, minSpan);
}

export function isWhole(w: Span, bounds: Span): boolean {
  return w.from <= bounds.from && w.till >= bounds.till;
}

/** The zoom factor of one wheel event: a notch (~100 px) is ×1.25, smooth trackpad deltas scale alike. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const px = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.pow(1.25, -Math.max(-5, Math.min(5, px / 100)));
}

/**
 * The same time as one sorted list of disjoint spans: parkings from the service may overlap
 * or nest, and the bisection below needs both ends in order.
 */
export function unionSpans(list: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...list].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && s.from <= last.till) last.till = Math.max(last.till, s.till);
    else out.push({ from: s.from, till: s.till });
  }
  return out;
}

/**
 * First and one-past-last index of the spans of a sorted, disjoint list (see unionSpans)
 * that reach into `w`: the timeline draws only those, at any zoom.
 */
export function visibleSlice<T extends Span>(items: readonly T[], w: Span): [number, number] {
  return [lowerBound(items.length, (i) => items[i]!.till < w.from), lowerBound(items.length, (i) => items[i]!.from <= w.till)];
}

/** The same for sorted instants. */
export function visibleTimes(times: ArrayLike<number>, w: Span): [number, number] {
  return [lowerBound(times.length, (i) => times[i]! < w.from), lowerBound(times.length, (i) => times[i]! <= w.till)];
}


/** The visible window for the timeline and the charts; set only through the rules above, so it is always valid. */
export class TimeWindow extends ValueStore<Span> {
  private bounds: Span = { from: 0, till: 0 };

  constructor() {
    super({ from: 0, till: 0 }, (a, b) => a.from === b.from && a.till === b.till);
  }

  getBounds = (): Span => this.bounds;

  /** A new interval shows whole; the same one again (a chunk arrived) keeps the zoom. */
  setBounds(b: Span): void {
    if (b.from === this.bounds.from && b.till === this.bounds.till) return;
    this.bounds = { from: b.from, till: b.till };
    this.set(this.bounds);
  }

  show(w: Span): void {
    this.set(clampWindow(w, this.bounds));
  }
  whole(): void {
    this.set(this.bounds);
  }
  zoom(factor: number, anchor = (this.get().from + this.get().till) / 2): void {
    this.set(zoomAround(this.get(), this.bounds, anchor, factor));
  }
  pan(dt: number): void {
    this.set(pan(this.get(), this.bounds, dt));
  }
  centreOn(t: number): void {
    this.set(centreOn(this.get(), this.bounds, t));
  }
  follow(t: number): void {
    this.set(follow(this.get(), this.bounds, t));
  }
  reveal(t: number): void {
    this.set(reveal(this.get(), this.bounds, t));
  }
}
