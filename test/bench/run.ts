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
import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTileServer } from '../integration/tiles/tile-server';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { bareMapFloor, mapShape, startIdleLoopProbe } from './floor';
import { historyLoad } from './history-load';
import { historyPan } from './history-pan';
import { startHistoryRig } from './history-rig';
import { hostClient, startStallSampler } from './host-client';
import { newPage, panAndZoom, startFrameProbe, startRendererProfile } from './page-probe';
import { startSimulatorProcess } from './simulator-process';
import { cpuSeconds, note, pct, r1, referenceWorkMs, type Results } from './stats';
import { printTable } from './targets';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
interface El { scrollHeight: number; clientHeight: number; scrollTop: number; getAttribute(n: string): string | null; querySelectorAll(s: string): Iterable<El> }
declare const document: { querySelector(s: string): El | null };
declare const requestAnimationFrame: (cb: (t: number) => void) => number;
declare const getComputedStyle: (e: El) => { overflowY: string };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 50_000);
const BASELINE_OBJECTS = 5_000;
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 20_000);
/** The page left still after the pan, while the service is polled every 5 s: three polls or more. */
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 16_000);

const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' } }, strict: false });
const only = values.only as string | undefined;
const wants = (name: string) => !only || only === name;

/** Position deltas the page has drawn so far (one per poll that moved something). */
async function pollCount(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { __fleetMapPerf: { pollToPixels: number[] } }).__fleetMapPerf.pollToPixels.length);
}

async function liveMap(browser: Browser, results: Results) {
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
  const t0 = Date.now();
  // The service runs in its own process, as a real one would: the main-side stall figures
  // are the console's own, not the simulator's JSON generation for 50,000 objects.
  note(`live-map: starting the simulator with ${OBJECTS} objects, then the host`);
  const sim = await startSimulatorProcess(['--objects', String(OBJECTS)]);
  const host = await startBrowserMode({ dataDir, args: ['--server', sim.baseUrl, '--poll-ms', '5000'] });
  note('live-map: host up');
  const client = await hostClient(host);
  try {
    const signedIn = await client.call<{ state?: string; status?: string }>('session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo' });
    note(`live-map: signed in (${JSON.stringify(signedIn).slice(0, 80)})`);
    const page = await newPage(browser);
    await page.goto(host.url);
    // Loaded: the object list is in (the demo account sees its own company's share of the
    // fleet, about 30,000 of 50,000) and positions have stopped arriving in bulk.
    await page.waitForFunction(() => Number(document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') ?? 0) > 1000, null, {
      timeout: 240_000,
      polling: 1000,
    });
    const count = () => page.evaluate(() => Object.keys((globalThis as unknown as { __fleetPositions: () => object }).__fleetPositions()).length);
    let positioned = await count();
    for (let prev = -1; positioned !== prev; ) {
      prev = positioned;
      await page.waitForTimeout(1500);
      positioned = await count();
    }
    const loadedMs = Date.now() - t0;
    note(`live-map: loaded ${positioned} positions in ${loadedMs} ms; panning and zooming`);
    await page.waitForTimeout(2000);
    await page.evaluate(() => {
      const p = (globalThis as unknown as { __fleetMapPerf: { pollToPixels: number[]; drawMs: number[]; drawnObjects: number[] } }).__fleetMapPerf;
      p.pollToPixels.length = 0;
      p.drawMs.length = 0;
      p.drawnObjects.length = 0;
    });
    const sampler = await startStallSampler(client);
    const stop = await startFrameProbe(page);
    const idleLoop = await startIdleLoopProbe();
    const profiler = await startRendererProfile(page, 'live-map');
    const cpu0 = { sim: cpuSeconds(sim.pid), host: cpuSeconds(host.pid), t: Date.now() };
    await panAndZoom(page, MOVE_MS);
    const cpu = { sim: cpuSeconds(sim.pid) - cpu0.sim, host: cpuSeconds(host.pid) - cpu0.host, s: (Date.now() - cpu0.t) / 1000 };
    await profiler.stop();
    const probe = await stop();
    const idle = idleLoop.stop();
    const { stalls, held, loopP99, threadCpu, threadQueued } = sampler.stop();

    // The same page left still while the service is polled: the stall of parsing, diffing
    // and storing each poll, without the pan's rendering taking both cores. An idle process
    // beside it gives the machine's share in the same seconds.
    note(`live-map: the page still for ${QUIET_MS / 1000} s, polls only`);
    const quietSampler = await startStallSampler(client);
    const quietIdle = await startIdleLoopProbe();
    const pollsBefore = await pollCount(page);
    await page.waitForTimeout(QUIET_MS);
    const quiet = quietSampler.stop();
    const quietFloor = quietIdle.stop();
    const quietPolls = (await pollCount(page)) - pollsBefore;
    const { pollToPixels: p2p, drawMs, drawnObjects } = await page.evaluate(() => {
      const perf = (globalThis as unknown as { __fleetMapPerf: { pollToPixels: number[]; drawMs: number[]; drawnObjects: number[] } }).__fleetMapPerf;
      return { pollToPixels: perf.pollToPixels.slice(), drawMs: perf.drawMs.slice(), drawnObjects: perf.drawnObjects.slice() };
    });
    const cdp = await page.context().newCDPSession(page);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const heapMb = Math.max(heap.usedSize, ...probe.heap) / 1024 / 1024;
    results['live-map'] = {
      objects: OBJECTS,
      objects_with_position: positioned,
      objects_listed: Number(await page.getByRole('grid', { name: 'Object list' }).getAttribute('aria-rowcount')) - 1,
      load_to_first_full_view_ms: loadedMs,
      frame_p50_ms: r1(pct(probe.frames, 50)),
      frame_p95_ms: r1(pct(probe.frames, 95)),
      frame_p99_ms: r1(pct(probe.frames, 99)),
      frames: probe.frames.length,
      long_tasks_over_50ms_count: probe.longTasks.filter((d) => d > 50).length,
      long_task_max_ms: r1(Math.max(0, ...probe.longTasks)),
      // The object layer's own script per redraw, and the objects it drew: its share of a frame.
      redraws: drawMs.length,
      redraw_script_p95_ms: r1(pct(drawMs, 95)),
      redraw_script_max_ms: r1(Math.max(0, ...drawMs)),
      redraw_objects_p95: Math.round(pct(drawnObjects, 95)),
      redraw_objects_max: Math.max(0, ...drawnObjects),
      poll_to_pixels_p50_ms: r1(pct(p2p, 50)),
      poll_to_pixels_max_ms: r1(Math.max(0, ...p2p)),
      poll_to_pixels_samples: p2p.length,
      renderer_heap_mb: r1(heapMb),
      // How long the main side's own work held its loop (its CPU time between two ticks of a
      // 5 ms timer; main/core/diagnostics/loop-hold.ts), worst per second: while polls come in
      // with the page still, and while the page pans.
      main_loop_held_polls_p99_ms: r1(pct(quiet.held, 99)),
      main_loop_held_pan_p99_ms: r1(pct(held, 99)),
      polls_while_still: quietPolls,
      // The loop's stalls as a delay monitor sees them, the time waiting for a core included,
      // each beside an idle process's in the same seconds: the machine's share.
      main_stall_polls_per_second_p99_ms: r1(pct(quiet.stalls, 99)),
      floor_idle_process_still_stall_per_second_p99_ms: quietFloor.stall_per_second_p99_ms,
      main_stall_per_second_p99_ms: r1(pct(stalls, 99)),
      main_stall_max_ms: r1(Math.max(0, ...stalls)),
      main_loop_delay_p99_ms: r1(pct(loopP99, 99)),
      // The same monitor in a Node process that does nothing, beside it: the machine's share.
      floor_idle_process_stall_per_second_p99_ms: idle.stall_per_second_p99_ms,
      floor_idle_process_stall_max_ms: idle.stall_max_ms,
      // Where a stall came from: the main thread's own CPU per second, and its time per
      // second runnable but waiting for one of this machine's two cores (Linux).
      ...(threadCpu.length
        ? { main_thread_cpu_per_second_p99_ms: r1(pct(threadCpu, 99)), main_thread_waiting_for_cpu_per_second_p99_ms: r1(pct(threadQueued, 99)) }
        : {}),
      // Of the two cores' time while panning: the simulator's share (a remote service in
      // real use) and the host's (all its threads); the browser had the rest.
      pan_cpu_available_s: r1(2 * cpu.s),
      pan_simulator_cpu_s: r1(cpu.sim),
      pan_host_cpu_s: r1(cpu.host),
    };

    const shape = await mapShape(page, 'live');

    // Baseline: one DOM marker per object, 5,000 of them, same page, same motion.
    note('live-map: DOM marker baseline');
    const markers = await page.evaluate((n) => (globalThis as unknown as { __fleetMap: { domBaseline(n: number): number } }).__fleetMap.domBaseline(n), BASELINE_OBJECTS);
    await page.waitForTimeout(1000);
    const stopB = await startFrameProbe(page);
    await panAndZoom(page, Math.min(MOVE_MS, 10_000));
    const base = await stopB();
    const p95 = pct(base.frames, 95);
    results['live-map-dom-baseline'] = {
      dom_markers: markers,
      frame_p50_ms: r1(pct(base.frames, 50)),
      frame_p95_ms: r1(p95),
      frame_p99_ms: r1(pct(base.frames, 99)),
      long_tasks_over_50ms_count: base.longTasks.filter((d) => d > 50).length,
      long_task_max_ms: r1(Math.max(0, ...base.longTasks)),
      p95_ratio_vs_canvas_at_10x_objects: r1(p95 / Number(results['live-map'].frame_p95_ms)),
    };

    // The list scenario reuses this host: starting 50,000 objects again would double the run.
    if (wants('list')) await listScroll(browser, host, results);
    await page.close();

    // The floor: what panning the tiles alone costs on this machine, the service and host
    // still running; p95 at the floor means our layers add nothing a frame can show.
    note('live-map: the bare map floor');
    const floor = await bareMapFloor(browser, tiles.template, shape, MOVE_MS);
    Object.assign(results['live-map'], floor.figures, { frame_p95_over_floor_ms: r1(Number(results['live-map'].frame_p95_ms) - floor.p95) });
  } finally {
    client.close();
    await host.stop();
    sim.stop();
    await tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

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

/** Other engineers' benches, run when their modules exist. */
async function optional(name: string, file: string, fn: string, results: Results) {
  if (!wants(name)) return;
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) {
    console.log(`(${name}: ${file} not present, skipped)`);
    return;
  }
  note(`${name}: running ${file}`);
  const mod = (await import(path)) as Record<string, unknown>;
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
  const needsBrowser = wants('live-map') || wants('list') || wants('history-load') || wants('history-pan');
  const browser = needsBrowser
    ? await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking', '--enable-precise-memory-info', '--disable-dev-shm-usage'] })
    : null;
  try {
    if (browser && wants('live-map')) await liveMap(browser, results);
    else if (browser && wants('list')) {
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
  await optional('list-model', 'list-model.ts', 'runListModelBench', results);
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
