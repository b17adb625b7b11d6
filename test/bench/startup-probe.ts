/**
 * The page-side timeline of a start: a script added before the page's own that looks at the
 * fleet store's counts (`__fleetCounts`), the object list's rows and the event feed's newest
 * row once a frame, and notes the first frame each milestone held. Times are the page's
 * epoch milliseconds (timeOrigin + now), so the bench compares them with its own clock.
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface Want {
  objects: number;
  positioned: number;
}

export interface StartMarks {
  navigationStart: number;
  loadEventEnd: number | null;
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  listFirst: number | null;
  listFull: number | null;
  /** The list in full and more than a first sign-in's names (its grid no longer aria-busy). */
  listComplete: number | null;
  positionsFirst: number | null;
  positionsFull: number | null;
  /** The frame after the one where the list and every position were in the store: both drawn. */
  fullView: number | null;
  /** The first frame whose store held positions fetched after `freshAfter` (a poll of this run, not the cache). */
  freshPositions: number | null;
  /** The fetch time of the positions first shown (from the cache, or a poll). */
  firstPositionsFetchedAt: number | null;
  /** The first frame whose event feed's newest row differs from the one noted at `markEvents`. */
  eventsChanged: number | null;
  /** Frames longer than 50 ms since `markEvents` (or the page's start): [start, duration]. */
  slowFrames: Array<[number, number]>;
}

// Page-side code: this project's Node typings have no DOM.
declare const document: { querySelector(s: string): { getAttribute(n: string): string | null; textContent: string | null } | null };
declare const requestAnimationFrame: (cb: (t: number) => void) => number;

interface ProbeState {
  want: Want;
  freshAfter: number;
  newestEvent: string | null;
  marks: Omit<StartMarks, 'navigationStart' | 'loadEventEnd' | 'firstPaint' | 'firstContentfulPaint'>;
}

/** Installs the probe in every page of `context` opened after this call. */
export async function installStartProbe(context: BrowserContext, want: Want): Promise<void> {
  // tsx keeps function names with a `__name` helper the page does not have (page-probe.ts).
  await context.addInitScript('globalThis.__name = (f) => f;');
  await context.addInitScript((w: Want) => {
    const g = globalThis as unknown as { __startProbe: ProbeState; __fleetCounts?: () => { objects: number; positioned: number; positionsFetchedAt: number | null } };
    const state: ProbeState = {
      want: w,
      freshAfter: Infinity,
      newestEvent: null,
      marks: { listFirst: null, listFull: null, listComplete: null, positionsFirst: null, positionsFull: null, fullView: null, freshPositions: null, firstPositionsFetchedAt: null, eventsChanged: null, slowFrames: [] },
    };
    g.__startProbe = state;
    const epoch = () => performance.timeOrigin + performance.now();
    let last = 0;
    let bothAt: number | null = null;
    const tick = (t: number) => {
      const m = state.marks;
      if (last && t - last > 50) m.slowFrames.push([performance.timeOrigin + last, t - last]);
      last = t;
      const now = epoch();
      if (bothAt !== null && m.fullView === null) m.fullView = now;
      const grid = document.querySelector('[role="grid"]');
      const rows = Number(grid?.getAttribute('aria-rowcount') ?? 0) - 1;
      if (rows > 0) m.listFirst ??= now;
      if (rows >= state.want.objects) m.listFull ??= now;
      if (rows >= state.want.objects && grid?.getAttribute('aria-busy') !== 'true') m.listComplete ??= now;
      const c = g.__fleetCounts?.();
      if (c && c.positioned > 0) {
        m.positionsFirst ??= now;
        m.firstPositionsFetchedAt ??= c.positionsFetchedAt;
      }
      if (c && c.positioned >= state.want.positioned) m.positionsFull ??= now;
      if (c && c.positionsFetchedAt !== null && c.positionsFetchedAt > state.freshAfter) m.freshPositions ??= now;
      if (m.listFull !== null && m.positionsFull !== null) bothAt ??= now;
      if (state.newestEvent !== null && m.eventsChanged === null) {
        const newest = document.querySelector('[aria-label="Event feed"] [role="listitem"]')?.textContent ?? null;
        if (newest !== null && newest !== state.newestEvent) m.eventsChanged = now;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, want);
}

/** From now on, notes the first frame with positions fetched after `t` (epoch ms) and the event feed's next newest row; slow frames counted from here. */
export async function markFresh(page: Page, t: number): Promise<string | null> {
  return page.evaluate((after) => {
    const p = (globalThis as unknown as { __startProbe: ProbeState }).__startProbe;
    p.freshAfter = after;
    p.marks.freshPositions = null;
    p.marks.eventsChanged = null;
    p.marks.slowFrames = [];
    p.newestEvent = document.querySelector('[aria-label="Event feed"] [role="listitem"]')?.textContent ?? '';
    return p.newestEvent;
  }, t);
}

export async function readMarks(page: Page): Promise<StartMarks> {
  return page.evaluate(() => {
    const p = (globalThis as unknown as { __startProbe: ProbeState }).__startProbe;
    // The page's entry types, which Node's typings do not name.
    const entries = (type: string) => (performance.getEntriesByType as (t: string) => Array<{ name: string; startTime: number; loadEventEnd?: number }>)(type);
    const nav = entries('navigation')[0];
    const paint = (name: string) => entries('paint').find((e) => e.name === name)?.startTime;
    const at = (ms: number | undefined) => (ms === undefined || ms === 0 ? null : performance.timeOrigin + ms);
    return {
      navigationStart: performance.timeOrigin,
      loadEventEnd: at(nav?.loadEventEnd),
      firstPaint: at(paint('first-paint')),
      firstContentfulPaint: at(paint('first-contentful-paint')),
      ...p.marks,
      slowFrames: p.marks.slowFrames.slice(),
    };
  });
}

/** Waits (bounded) until `done` holds of the marks; the marks as they stood then. */
export async function waitForMarks(page: Page, done: (m: StartMarks) => boolean, timeoutMs: number): Promise<StartMarks> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const m = await readMarks(page);
    if (done(m) || Date.now() > end) return m;
    await page.waitForTimeout(100);
  }
}
