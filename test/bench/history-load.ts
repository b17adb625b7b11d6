/**
 * history-load: the dense object's 30 days (about 2.6 million points) on the History
 * screen. Cold: from the simulator over loopback through the host into an empty cache, to
 * the first drawn track and to "Whole interval loaded."; then the same interval in a new
 * page from the cache. The host's peak memory. In the same page, the baseline: every
 * point handed to ONE Leaflet L.polyline, against our track layer drawing the same model.
 */
import type { Browser, Page } from '@playwright/test';
import type { HistoryRig } from './history-rig';
import { bareFirstDrawFloor, mapShape } from './floor';
import { openHistory } from './history-rig';
import { newPage, startRendererProfile } from './page-probe';
import { cpuSeconds, note, r1, within } from './stats';

interface Hooks {
  polylineBaseline(): Promise<{ points: number; buildMs: number; firstDrawMs: number }>;
  trackFirstDraw(): Promise<number>;
  removeBaseline(): void;
}
const hooks = (page: Page) => page.evaluateHandle(() => (globalThis as unknown as { __historyMap: Hooks }).__historyMap);

async function rendererHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return r1(heap.usedSize / 2 ** 20);
}

/** About as many points as the sketch of the dense month (main/core/history/sketch.ts). */
const SKETCH_POINTS = 5_000;

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
declare const requestAnimationFrame: (cb: (t: number) => void) => number;
declare const location: { hash: string };

/**
 * The operator's case: the console is open (here on the live screen) and the interval is
 * picked again. From the route change to the end of the frame that drew the track, in the
 * page's clock, marked as openHistory marks a first draw. A fresh page's figure adds the
 * page's own start-up (script, first render, the socket), which Electron pays once a launch.
 */
export async function reopenInApp(page: Page, rig: HistoryRig): Promise<number> {
  await page.evaluate(() => void (location.hash = '#/live'));
  await page.getByRole('grid', { name: 'Object list' }).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const ms = await page.evaluate(
    (hash) =>
      new Promise<number>((resolve, reject) => {
        const g = globalThis as unknown as { __historyTrackDrawn?: () => number };
        if (g.__historyTrackDrawn) return reject(new Error('the History map was still mounted on the live screen'));
        const t0 = performance.now();
        let seen: number | undefined;
        const poll = () => {
          const t = performance.now();
          if (seen !== undefined) return resolve(t - t0);
          if ((g.__historyTrackDrawn?.() ?? 0) > 0) seen = t;
          if (t - t0 > 30_000) return reject(new Error('no drawn track within 30 s'));
          requestAnimationFrame(poll);
        };
        location.hash = hash;
        requestAnimationFrame(poll);
      }),
    new URL(rig.url).hash,
  );
  // The baselines after this want the whole model, not the sketch drawn first.
  await page.getByRole('status').filter({ hasText: 'Whole interval loaded.' }).first().waitFor({ timeout: 60_000 });
  return Math.round(ms);
}

/**
 * A profile (BENCH_RENDERER_PROF or _TRACE) of a screen opened from navigation. It must
 * start in the renderer process the screen will use: a page of the same site first (any
 * path; the app itself would already open a socket), then the screen.
 */
async function profileFromStart(page: Page, rig: HistoryRig, scenario: string): Promise<{ stop(): Promise<void> } | null> {
  if (!process.env.BENCH_RENDERER_PROF && !process.env.BENCH_RENDERER_TRACE) return null;
  await page.goto(new URL('/bench-blank', rig.url).href).catch(() => {});
  return startRendererProfile(page, scenario);
}

export async function historyLoad(browser: Browser, rig: HistoryRig): Promise<Record<string, number | string>> {
  note('history-load: cold, from the simulator into an empty cache');
  const cold = await newPage(browser);
  const coldProfiler = await profileFromStart(cold, rig, 'history-cold');
  const cpu0 = { sim: cpuSeconds(rig.simulatorPid), host: cpuSeconds(rig.host.pid) };
  const c = await openHistory(cold, rig, { firstDrawMs: 180_000, completeMs: 300_000 });
  await coldProfiler?.stop();
  const cpu = { sim: cpuSeconds(rig.simulatorPid) - cpu0.sim, host: cpuSeconds(rig.host.pid) - cpu0.host };
  const coldPeak = rig.hostPeakMb();
  // Its browser context stays, with the HTTP and compiled-code caches of a console that ran before.
  await cold.goto('about:blank');
  note(`history-load: cold ${c.points} points, first draw ${c.firstDrawMs} ms, complete ${c.completeMs} ms; now from the cache`);

  // The baseline may take the tab down (millions of LatLng objects): say so, not end the run.
  let crashed = false;
  const warm = await newPage(browser, { onCrash: () => (crashed = true) });
  const profiler = await profileFromStart(warm, rig, 'history-load');
  const w = await openHistory(warm, rig, { firstDrawMs: 60_000, completeMs: 120_000 });
  await profiler?.stop();
  const heapMb = await rendererHeapMb(warm);
  const reopenProfiler = await startRendererProfile(warm, 'history-reopen');
  const inApp = await within(60_000, 'reopening the interval in the running app', reopenInApp(warm, rig));
  await reopenProfiler.stop();
  note(`history-load: reopened in the running app, first draw ${inApp} ms after the route changed`);
  // The machine's floor for a first draw from navigation: a bare page drawing as many points.
  const sketchShape = await mapShape(warm, 'history', SKETCH_POINTS);
  const navFloor = await within(60_000, 'the bare first-draw floor', bareFirstDrawFloor(browser, rig.tileTemplate, sketchShape));
  note(`history-load: a bare page draws ${sketchShape.places.length} points ${navFloor} ms after navigation`);
  note(`history-load: from the cache, first draw ${w.firstDrawMs} ms, complete ${w.completeMs} ms`);
  // The console restarted: a new page in the browser that ran it before. A new context (above)
  // starts with empty caches and compiles the whole bundle; Electron, and a browser profile,
  // keep the HTTP cache and V8's code cache of the last run.
  const restart = await newPage(browser, { within: cold.context() });
  const r = await openHistory(restart, rig, { firstDrawMs: 60_000, completeMs: 120_000 });
  await cold.context().close();
  note(`history-load: from the cache after a restart, first draw ${r.firstDrawMs} ms; our layer, then the one-polyline baseline`);

  // Ours in the same page on the same model and view: what the baseline replaces.
  const ours = await within(60_000, 'the track layer redrawing the whole model', (await hooks(warm)).evaluate((h) => h.trackFirstDraw()));
  let base: { points: number; buildMs: number; firstDrawMs: number } | null = null;
  let baseNote = '';
  try {
    const crash = new Promise<never>((_, reject) => warm.once('crash', () => reject(new Error('the tab crashed'))));
    base = await within(180_000, 'the one-polyline baseline', Promise.race([(await hooks(warm)).evaluate((h) => h.polylineBaseline()), crash]));
  } catch (e) {
    baseNote = crashed ? 'crashed' : `failed: ${String(e)}`;
    note(`history-load: baseline ${baseNote}`);
  }
  if (!crashed) await warm.close();

  const out: Record<string, number | string> = {
    points: c.points,
    cold_first_draw_ms: c.firstDrawMs,
    cold_complete_ms: c.completeMs,
    cold_received_mb: c.receivedMb,
    // When the host said every window was stored; after it, only the screen's last read and draw.
    cold_stored_ms: c.storedMs,
    // The two cores' time the cold load had, and what the simulator (a remote service in
    // real use) and the host took of it; the page and the browser had the rest.
    cold_cpu_available_s: r1((2 * c.completeMs) / 1000),
    cold_simulator_cpu_s: r1(cpu.sim),
    cold_host_cpu_s: r1(cpu.host),
    cache_request_sent_ms: w.requestSentMs,
    cache_track_reply_ms: w.firstTrackReplyMs,
    cache_first_draw_ms: w.firstDrawMs,
    cache_restart_first_draw_ms: r.firstDrawMs,
    cache_first_draw_after_request_ms: w.firstDrawMs - w.requestSentMs,
    cache_complete_ms: w.completeMs,
    cache_in_app_first_draw_ms: inApp,
    floor_bare_page_first_draw_ms: navFloor,
    floor_bare_page_points: sketchShape.places.length,
    cache_received_mb: w.receivedMb,
    host_peak_rss_cold_mb: coldPeak,
    host_peak_rss_mb: rig.hostPeakMb(),
    renderer_js_heap_mb: heapMb,
    track_layer_draw_ms: Math.round(ours),
  };
  if (base) {
    out.baseline_polyline_points = base.points;
    out.baseline_polyline_build_ms = Math.round(base.buildMs);
    out.baseline_polyline_first_draw_ms = Math.round(base.firstDrawMs);
    out.baseline_ratio_vs_track_layer = r1(base.firstDrawMs / Math.max(1, ours));
    out.baseline_ratio_vs_cache_first_draw = r1(base.firstDrawMs / Math.max(1, w.firstDrawMs));
  } else out.baseline_polyline = baseNote;
  return out;
}
