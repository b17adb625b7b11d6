/**
 * Page helpers the browser scenarios share: a bench page, a frame-time probe, and the
 * pan-and-zoom motion over a Leaflet map (the live map's or the history screen's).
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { note, pct, r1 } from './stats';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
declare const requestAnimationFrame: (cb: (t: number) => void) => number;

/**
 * A page in a context of its own (empty caches), or in `within` (an earlier page's context,
 * with its HTTP and code caches). tsx keeps function names with a `__name` helper that
 * page-side code must find too. A crashed tab leaves page.evaluate pending for ever: by
 * default the run ends, saying so; `onCrash` lets a scenario that expects a crash (a
 * baseline) report it instead.
 */
export async function newPage(browser: Browser, opts: { onCrash?: () => void; within?: BrowserContext; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  let page: Page;
  if (opts.within) page = await opts.within.newPage();
  else {
    // A context made here (not browser.newPage's), so that a later page can open in it; it goes with its first page.
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1400, height: 860 } });
    page = await context.newPage();
    page.once('close', () => void context.close().catch(() => {}));
  }
  await page.addInitScript('globalThis.__name = (f) => f;');
  page.on('crash', () => {
    if (opts.onCrash) return opts.onCrash();
    console.error('bench: the page crashed (out of memory?)');
    process.exit(3);
  });
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  return page;
}

/** The page's main thread's CPU time so far, in ms (Chromium's `ThreadTime` metric). */
async function mainThreadCpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/**
 * The page's main thread's CPU from now (ms, Chromium's `ThreadTime`, which follows the page
 * into the process its navigation opens): what a start cost the page itself, apart from the
 * time it waited for one of the machine's two busy cores.
 */
export async function pageCpu(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const ms = await mainThreadCpuMs(cdp);
    await cdp.detach();
    return Math.round(ms);
  };
}

/**
 * Collects requestAnimationFrame deltas and long tasks in the page until `stop`, and the
 * CPU its main thread used meanwhile: a frame's time says whether the page kept up, the CPU
 * what it took from the machine's two cores to do so.
 */
export async function startFrameProbe(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const cpu0 = await mainThreadCpuMs(cdp);
  const t0 = Date.now();
  await page.evaluate(() => {
    const g = globalThis as unknown as { __probe: { frames: number[]; longTasks: number[]; heap: number[]; on: boolean } };
    g.__probe = { frames: [], longTasks: [], heap: [], on: true };
    let last = performance.now();
    const tick = (t: number) => {
      if (!g.__probe.on) return;
      g.__probe.frames.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(tick);
    });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) g.__probe.longTasks.push(e.duration);
    }).observe({ type: 'longtask' as 'mark', buffered: false });
    const mem = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
    const sample = setInterval(() => {
      if (!g.__probe.on) return clearInterval(sample);
      g.__probe.heap.push(mem());
    }, 1000);
  });
  return async () => {
    const probe = await page.evaluate(() => {
      const g = globalThis as unknown as { __probe: { frames: number[]; longTasks: number[]; heap: number[]; on: boolean } };
      g.__probe.on = false;
      return { frames: g.__probe.frames, longTasks: g.__probe.longTasks, heap: g.__probe.heap };
    });
    const mainCpuMsPerSecond = ((await mainThreadCpuMs(cdp)) - cpu0) / ((Date.now() - t0) / 1000);
    await cdp.detach().catch(() => {});
    return { ...probe, mainCpuMsPerSecond };
  };
}

/** A probe's frame times and long tasks as figures, each name after `prefix`. */
export function frameFigures(prefix: string, probe: { frames: number[]; longTasks: number[]; mainCpuMsPerSecond?: number }) {
  return {
    ...(probe.mainCpuMsPerSecond === undefined ? {} : { [`${prefix}page_main_thread_cpu_ms_per_s`]: r1(probe.mainCpuMsPerSecond) }),
    [`${prefix}frame_p50_ms`]: r1(pct(probe.frames, 50)),
    [`${prefix}frame_p95_ms`]: r1(pct(probe.frames, 95)),
    [`${prefix}frame_p99_ms`]: r1(pct(probe.frames, 99)),
    [`${prefix}frames`]: probe.frames.length,
    [`${prefix}long_tasks_over_50ms_count`]: probe.longTasks.filter((d) => d > 50).length,
    [`${prefix}long_task_max_ms`]: r1(Math.max(0, ...probe.longTasks)),
  };
}

/** The places a pan goes to (`preparePan`), kept on the page between the two calls. */
export interface PanPlaces {
  places: [number, number][];
  densest: [number, number];
}

/**
 * Where `panAndZoom` will go, read before the probes start: up to `n` of the map's places
 * (the live map's objects taken at a stride, as the floor's page gets them; points of the
 * history track) and, of them, the one with the most of the others within 0.02°. Reading
 * the live map's 100,000 positions inside the pan was a long task of the bench's own.
 */
export async function preparePan(page: Page, on: 'live' | 'history' = 'live', n = 1000): Promise<void> {
  await page.evaluate(
    ({ on, n }) => {
      const g = globalThis as unknown as {
        __fleetPositions: () => Record<string, [number, number]>;
        __historyMap: { samplePoints(n: number): [number, number][] };
        __benchPan?: PanPlaces;
      };
      const all = on === 'history' ? g.__historyMap.samplePoints(n) : Object.values(g.__fleetPositions());
      const step = Math.max(1, Math.floor(all.length / n));
      const places = all.filter((_, i) => i % step === 0);
      if (places.length === 0) throw new Error(`preparePan: no places on the ${on} map`);
      let densest = places[0]!;
      let most = -1;
      for (const a of places) {
        let n = 0;
        for (const b of places) if (Math.abs(a[0] - b[0]) < 0.02 && Math.abs(a[1] - b[1]) < 0.02) n++;
        if (n > most) [most, densest] = [n, a];
      }
      g.__benchPan = { places, densest };
    },
    { on, n },
  );
}

/**
 * Pans every frame and changes zoom every 1.2 s across 3..17 over the places `preparePan`
 * chose. Zoomed in, it centres on the densest of them every other time, and otherwise on one
 * of a seeded sequence (`BENCH_PAN_SEED`), the same in every run and on the floor's page: a
 * street-level view of a depot holds ten times the objects of one in the country, and places
 * picked at random made two runs of the same code differ by that.
 */
export async function panAndZoom(page: Page, ms: number, on: 'live' | 'history' = 'live') {
  const seed = Number(process.env.BENCH_PAN_SEED ?? 26) >>> 0;
  await page.evaluate(
    async ({ duration, on, seed }) => {
      type Hooks = { map: import('leaflet').Map };
      const g = globalThis as unknown as { __fleetMap: Hooks; __historyMap: Hooks; __benchPan?: PanPlaces };
      const map = on === 'history' ? g.__historyMap.map : g.__fleetMap.map;
      const pan = g.__benchPan;
      if (!pan) throw new Error('panAndZoom: call preparePan before the probes start');
      const { places, densest } = pan;
      const zooms = [3, 5, 7, 9, 11, 13, 15, 17, 16, 14, 12, 10, 8, 6, 4];
      let state = seed;
      let zoomedIn = 0;
      const nextPlace = () => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return zoomedIn++ % 2 === 1 ? densest : places[state % places.length]!;
      };
      let zi = 0;
      const t0 = performance.now();
      let lastZoom = t0;
      let angle = 0;
      await new Promise<void>((resolve) => {
        const step = (t: number) => {
          if (t - t0 > duration) return resolve();
          if (t - lastZoom > 1200) {
            lastZoom = t;
            const z = zooms[zi++ % zooms.length]!;
            map.setView(z >= 9 ? nextPlace() : map.getCenter(), z);
          } else {
            angle += 0.05;
            map.panBy([Math.cos(angle) * 12, Math.sin(angle) * 12], { animate: false });
          }
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
    },
    { duration: ms, on, seed },
  );
}

/**
 * BENCH_RENDERER_PROF=FILE writes a CPU profile of the page while it pans, and
 * BENCH_RENDERER_TRACE=FILE a timeline trace (open either in Chromium's DevTools): where
 * the frames go, when a figure misses its target. The live map's goes to FILE, another
 * scenario's to FILE with `-<scenario>` before its extension. BENCH_TRACE_CATEGORIES (comma-
 * separated) replaces the trace's categories.
 */
export async function startRendererProfile(page: Page, scenario: string): Promise<{ stop(): Promise<void> }> {
  const named = (base: string) => (scenario === 'live-map' ? base : base.replace(/(\.[^./]+)?$/, `-${scenario}$1`));
  const traceBase = process.env.BENCH_RENDERER_TRACE;
  if (traceBase) {
    // The timeline (layout, paint, scripts, GC per task): what a CPU profile lumps as "(program)".
    const trace = named(traceBase);
    const browser = page.context().browser()!;
    await browser.startTracing(page, { path: trace, categories: process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
    return {
      async stop() {
        await browser.stopTracing();
        note(`${scenario}: renderer trace written to ${trace}`);
      },
    };
  }
  const base = process.env.BENCH_RENDERER_PROF;
  if (!base) return { stop: async () => {} };
  const file = named(base);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      note(`${scenario}: renderer profile written to ${file}`);
    },
  };
}
