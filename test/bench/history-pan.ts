/**
 * history-pan: frame times while panning and zooming over the dense object's 30-day track
 * on the History screen, then replay at 1000× through the screen's own player controls:
 * how many simulated seconds the cursor (and its marker) advanced against 1000 × the wall
 * time played, and how far behind that ideal it fell.
 */
import type { Browser, Page } from '@playwright/test';
import type { HistoryRig } from './history-rig';
import { openHistory } from './history-rig';
import { bareMapFloor, mapShape } from './floor';
import { frameFigures, newPage, panAndZoom, preparePan, startFrameProbe, startRendererProfile } from './page-probe';
import { note, pct, r1, within } from './stats';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
declare const requestAnimationFrame: (cb: (t: number) => void) => number;
declare const document: { addEventListener(type: string, fn: (e: { target: unknown }) => void, capture: boolean): void };

const PAN_MS = Number(process.env.BENCH_HISTORY_PAN_MS ?? 15_000);
const REPLAY_MS = Number(process.env.BENCH_REPLAY_MS ?? 10_000);
const SPEED = 1000;

/** renderer/src/history/map/track-layer.ts `TrackPerf` (its module is typed for the DOM). */
interface TrackPerf {
  paintMs: number[];
  standIns: number;
  idleStepMs: number[];
}

interface ReplayMarks {
  play?: number;
  pause?: number;
  /** The last animation frame's timestamp (the player's clock) before the pause. */
  lastFrame?: number;
}

const metres = (a: [number, number], b: [number, number]) => {
  const rad = Math.PI / 180;
  const x = (b[1] - a[1]) * rad * Math.cos(((a[0] + b[0]) / 2) * rad);
  const y = (b[0] - a[0]) * rad;
  return 6_371_000 * Math.hypot(x, y);
};
const marker = (page: Page) => page.evaluate(() => (globalThis as { __historyMarker?: () => [number, number] | null }).__historyMarker?.() ?? null);

export async function historyPan(browser: Browser, rig: HistoryRig): Promise<Record<string, number | string>> {
  const page = await newPage(browser);
  // Alone (--only history-pan) this is the cold load; after history-load, the cache's copy.
  const opened = await openHistory(page, rig, { firstDrawMs: 180_000, completeMs: 300_000 });
  note(`history-pan: ${opened.points} points on screen; panning and zooming for ${PAN_MS / 1000} s`);
  await page.waitForTimeout(1000);
  // A frame can take seconds here; a page that stops drawing altogether ends the run.
  const pan = await within(PAN_MS + 180_000, 'panning and zooming over the track', (async () => {
    await page.evaluate(() => {
      const p = (globalThis as unknown as { __historyTrackPerf: TrackPerf }).__historyTrackPerf;
      p.paintMs.length = 0;
      p.idleStepMs.length = 0;
      p.standIns = 0;
    });
    await preparePan(page, 'history');
    const stop = await startFrameProbe(page);
    const profiler = await startRendererProfile(page, 'history-pan');
    await panAndZoom(page, PAN_MS, 'history');
    await profiler.stop();
    const frames = await stop();
    const track = await page.evaluate(() => {
      const p = (globalThis as unknown as { __historyTrackPerf: TrackPerf }).__historyTrackPerf;
      return { paintMs: p.paintMs.slice(), idleStepMs: p.idleStepMs.slice(), standIns: p.standIns };
    });
    return { ...frames, track };
  })());

  note(`history-pan: replay at ${SPEED}× for ${REPLAY_MS / 1000} s`);
  // The clicks' times and the last frame before the pause, in the page's clock (the one
  // the player advances by): Playwright's own latency must not count as dropped time.
  await page.evaluate(() => {
    const g = globalThis as unknown as { __replay: ReplayMarks };
    const m: ReplayMarks = {};
    g.__replay = m;
    const label = (t: unknown) => (t as { closest?(s: string): { getAttribute(n: string): string | null } | null }).closest?.('button')?.getAttribute('aria-label');
    // Both clicks are timed when they reach the document, before React's handler at the root
    // runs (it reads the player's clock right after; the re-render that follows takes tens
    // of ms and must not count).
    document.addEventListener(
      'click',
      (e) => {
        const l = label(e.target);
        if (l === 'Play' && m.play === undefined) {
          m.play = performance.now();
          const tick = (t: number) => {
            if (m.pause !== undefined) return;
            m.lastFrame = t;
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        } else if (l === 'Pause' && m.play !== undefined && m.pause === undefined) m.pause = performance.now();
      },
      true,
    );
  });
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption(String(SPEED), { timeout: 10_000 });
  const slider = page.getByRole('slider', { name: 'Time cursor' });
  const cursor = async () => Number(await slider.getAttribute('aria-valuenow', { timeout: 10_000 }));
  const t0 = await cursor();
  const m0 = await marker(page);
  const replayProbe = await startFrameProbe(page);
  await page.getByRole('button', { name: 'Play' }).click({ timeout: 10_000 });
  await page.waitForTimeout(REPLAY_MS);
  await page.getByRole('button', { name: 'Pause' }).click({ timeout: 10_000 });
  const replay = await within(60_000, 'the frame probe after replay', replayProbe());
  // The slider shows the cursor after React's next render; the cursor no longer moves.
  await page.getByRole('button', { name: 'Play' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  const t1 = await cursor();
  const m1 = await marker(page);
  const marks = await page.evaluate(() => (globalThis as unknown as { __replay: ReplayMarks }).__replay);
  const shape = await mapShape(page, 'history');
  await page.close();
  if (marks.play === undefined || marks.pause === undefined || marks.lastFrame === undefined)
    throw new Error(`history-pan: the Play/Pause clicks were not seen (${JSON.stringify(marks)}; ${replay.frames.length} frames while playing)`);
  if (t1 >= rig.till) throw new Error('history-pan: replay reached the end of the interval; the figures would be cut short');

  note('history-pan: the bare map floor');
  const floor = await bareMapFloor(browser, rig.tileTemplate, shape, PAN_MS, 'history-pan');

  const advancedS = (t1 - t0) / 1000;
  // Speed × the wall time from Play to the last frame the player could advance on.
  const idealS = Math.max(0, ((marks.lastFrame - marks.play) * SPEED) / 1000);
  return {
    points: opened.points,
    ...frameFigures('', pan),
    ...floor.figures,
    frame_p95_over_floor_ms: r1(pct(pan.frames, 95) - floor.p95),
    // The track layer's own script: per paint (its raster follows in the frame's commit),
    // the paints drawn from a near zoom's level while this zoom's was built, and the idle
    // steps that build the levels.
    track_paints: pan.track.paintMs.length,
    track_paint_script_p95_ms: r1(pct(pan.track.paintMs, 95)),
    track_paint_script_max_ms: r1(Math.max(0, ...pan.track.paintMs)),
    track_paints_from_a_near_level: pan.track.standIns,
    track_idle_step_max_ms: r1(Math.max(0, ...pan.track.idleStepMs)),
    replay_speed: SPEED,
    replay_wall_s: r1((marks.pause - marks.play) / 1000),
    replay_simulated_s: r1(advancedS),
    replay_ideal_simulated_s: r1(idealS),
    // Whole seconds: a simulated second is a millisecond of wall time, the resolution of
    // timing a click against the player's own clock.
    dropped_simulated_seconds: Math.max(0, Math.round(idealS - advancedS)),
    replay_marker_moved_m: m0 && m1 ? Math.round(metres(m0, m1)) : NaN,
    ...frameFigures('replay_', replay),
  };
}
