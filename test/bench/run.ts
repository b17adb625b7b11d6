/**
 * The bench runner: speed and memory figures of the whole console, never timed assertions.
 *
 *   npm run bench                                   every scenario
 *   npm run bench -- --only live-map --out FILE     one scenario, JSON to FILE
 *
 * Scenarios: live-map (50,000 moving objects on the canvas layer while panning and
 * zooming across zoom 3–17, plus a baseline of one Leaflet DOM marker per object at
 * 5,000 objects in the same page), list (scrolling the 50,000-row list), list-model
 * (sorting and filtering 50,000 rows against a collator baseline), history-load (a dense
 * object's 30 days at 1 Hz on the History screen, cold and from the cache, against one
 * Leaflet polyline), history-pan (frames while panning over that track, replay at 1000×),
 * and the cache and history benches when their modules exist.
 * Results: {"scenario": {"metric_unit": n}}.
 * Needs the build (out/); tiles come from a loopback tile server, never the internet.
 */
import { chromium, type Browser } from '@playwright/test';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTileServer } from '../integration/tiles/tile-server';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { historyLoad } from './history-load';
import { historyPan } from './history-pan';
import { startHistoryRig } from './history-rig';
import { liveMap } from './live-map';
import { startupBench } from './startup';
import { newPage, startFrameProbe, startRendererProfile } from './page-probe';
import { note, pct, r1, referenceWorkMs, type Results } from './stats';
import { printTable } from './targets';
import { CHROMIUM, chromiumArgs } from '../support/chromium';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
interface El { scrollHeight: number; clientHeight: number; scrollTop: number; getAttribute(n: string): string | null; querySelectorAll(s: string): Iterable<El> }
declare const document: { querySelector(s: string): El | null };
declare const requestAnimationFrame: (cb: (t: number) => void) => number;
declare const getComputedStyle: (e: El) => { overflowY: string };

const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 50_000);
/** BENCH_LIVE_MAP_100K=0 leaves out the 100,000-object run of live-map. */
const LIVE_MAP_100K = process.env.BENCH_LIVE_MAP_100K !== '0';
/** BENCH_LIVE_MAP_50K=0 leaves out the 50,000-object run (and its DOM baseline): a 100,000 comparison in half the time. */
const LIVE_MAP_50K = process.env.BENCH_LIVE_MAP_50K !== '0';

const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' } }, strict: false });
const only = values.only as string | undefined;
const wants = (name: string) => !only || only === name;

async function listScroll(browser: Browser, host: RunningHost, results: Results) {
  note('list: scrolling');
  const page = await newPage(browser);
  await page.goto(host.url);
  const grid = page.getByRole('grid', { name: 'Object list' });
  await grid.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => Number(document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') ?? 0) > 1000, null, {
    timeout: 240_000,
    polling: 1000,
  });
  await page.waitForTimeout(2000);
  const rows = Number(await grid.getAttribute('aria-rowcount')) - 1;
  const profiler = await startRendererProfile(page, 'list');
  const stop = await startFrameProbe(page);
  await page.evaluate(async () => {
    const grid = document.querySelector('[role="grid"]')!;
    const scroller = [grid, ...grid.querySelectorAll('*')].find((e) => e.scrollHeight > e.clientHeight + 10 && getComputedStyle(e).overflowY !== 'visible');
    // Thrown here, not inside a frame callback, where it would leave this promise pending for ever.
    if (!scroller) throw new Error('The object list has no scrollable body');
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const step = (t: number) => {
        if (t - t0 > 8000) return resolve();
        // About 3,000 px a second, and a jump every 2 s (dragging the scrollbar).
        if (Math.floor((t - t0) / 2000) !== Math.floor((t - t0 - 17) / 2000)) scroller.scrollTop = Math.random() * scroller.scrollHeight;
        else scroller.scrollTop += 50;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  });
  const probe = await stop();
  await profiler.stop();
  results.list = {
    rows,
    frame_p50_ms: r1(pct(probe.frames, 50)),
    frame_p95_ms: r1(pct(probe.frames, 95)),
    frame_p99_ms: r1(pct(probe.frames, 99)),
    long_tasks_over_50ms_count: probe.longTasks.filter((d) => d > 50).length,
  };
  await page.close();
}

/**
 * Other engineers' benches, run when their modules exist. One that reaches renderer code loads
 * through Vite's module runner: the renderer's words are bundled with `import.meta.glob`, which
 * only Vite understands (a plain import stopped the whole run there).
 */
async function optional(name: string, file: string, fn: string, results: Results, load: 'node' | 'vite' = 'node') {
  if (!wants(name)) return;
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) {
    console.log(`(${name}: ${file} not present, skipped)`);
    return;
  }
  note(`${name}: running ${file}`);
  const mod =
    load === 'vite'
      ? (await (await import('vite')).runnerImport<Record<string, unknown>>(path, { configFile: false, root: join(import.meta.dirname, '../..'), logLevel: 'error' })).module
      : ((await import(path)) as Record<string, unknown>);
  const run = mod[fn];
  if (typeof run !== 'function') {
    console.log(`(${name}: ${file} has no ${fn}, skipped)`);
    return;
  }
  const out = (await (run as () => Promise<unknown>)()) as Record<string, unknown>;
  // Accept either {metric: n} or {scenario: {metric: n}}.
  const flat = Object.values(out).every((v) => typeof v !== 'object' || v === null);
  if (flat) results[name] = out as Record<string, number>;
  else for (const [k, v] of Object.entries(out)) results[`${name}.${k}`] = v as Record<string, number>;
}

async function main() {
  if (!existsSync('out/main/host.js')) throw new Error('Build first: npx electron-vite build');
  const results: Results = {};
  // This machine is shared: the same fixed work timed before and after says how fast it
  // was during this run (figures of runs whose reference differs are not comparable as is).
  const referenceBefore = referenceWorkMs();
  const needsBrowser = wants('live-map') || wants('list') || wants('history-load') || wants('history-pan') || wants('startup');
  const browser = needsBrowser
    ? await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs('--enable-precise-memory-info', ...(process.env.BENCH_CHROME_ARGS?.split(' ').filter(Boolean) ?? [])) })
    : null;
  try {
    if (browser && wants('live-map')) {
      // 100,000 positioned objects (about 3 % of the simulator's never reported), then the
      // 50,000 figures with their DOM-marker baseline and the list, every object the account's.
      if (LIVE_MAP_100K) {
        // A run that cannot load the fleet says so and leaves the 50,000 figures to be measured.
        await liveMap(browser, results, { key: 'live-map-100k', objects: 103_100, domBaseline: false }).catch((e: unknown) => {
          // fetch's own message says only "fetch failed": the cause says what the socket saw.
          const cause = e instanceof Error && e.cause !== undefined ? ` (cause: ${String(e.cause)})` : '';
          note(`live-map-100k: failed: ${String(e).slice(0, 300)}${cause}\n${e instanceof Error ? (e.stack ?? '').split('\n').slice(1, 6).join('\n') : ''}`);
          Object.assign((results['live-map-100k'] ??= {}), { failed: String(e).split('\n')[0]!.slice(0, 200) });
        });
      }
      if (LIVE_MAP_50K) await liveMap(browser, results, { key: 'live-map', objects: OBJECTS, domBaseline: true, alsoWithHost: wants('list') ? (host) => listScroll(browser, host, results) : undefined });
    } else if (browser && wants('list')) {
      const tiles = await startTileServer();
      const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
      writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
      const host = await startBrowserMode({ dataDir, args: ['--demo-objects', String(OBJECTS), '--poll-ms', '5000'] });
      try {
        await listScroll(browser, host, results);
      } finally {
        await host.stop();
        await tiles.close();
      }
    }
    if (browser && wants('startup')) await startupBench(browser, results);
    // One host and cache for both: history-pan after history-load reads the cache's copy.
    if (browser && (wants('history-load') || wants('history-pan'))) {
      const rig = await startHistoryRig();
      try {
        if (wants('history-load')) results['history-load'] = await historyLoad(browser, rig);
        if (wants('history-pan')) results['history-pan'] = await historyPan(browser, rig);
      } finally {
        await rig.stop();
      }
    }
  } finally {
    await browser?.close();
  }
  await optional('cache', 'cache.ts', 'runCacheBench', results);
  await optional('history', 'history.ts', 'runHistoryBench', results);
  await optional('list-model', 'list-model.ts', 'runListModelBench', results, 'vite');
  await optional('bulk', 'bulk.ts', 'runBulkBench', results);
  await optional('reports', 'reports.ts', 'runReportsBench', results);
  if (only === 'soak') await optional('soak', 'soak.ts', 'runSoakBench', results); // ten minutes of faults: asked for by name only
  if (only === 'bad-link') await optional('bad-link', 'bad-link.ts', 'runBadLinkBench', results); // a bad mobile link with two outages: by name only
  results['machine'] = { reference_work_ms_before: referenceBefore, reference_work_ms_after: referenceWorkMs() };
  printTable(results);
  const json = JSON.stringify(results, null, 2);
  if (values.out) writeFileSync(String(values.out), json);
  else console.log(json);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
