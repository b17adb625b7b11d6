/**
 * The live-map scenario: moving objects on the canvas layer while panning and zooming,
 * then the page still while the service is polled; the host's memory throughout; beside
 * it a bare map's floor and (at the smaller size) one DOM marker per object.
 *
 * The account is the simulator's administrator, who sees every company's objects: the
 * figures are for every object the simulator has, not one company's share. `objects`
 * is how many the simulator makes; about 3 % never reported and have no position.
 */
import type { Browser, Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTileServer } from '../integration/tiles/tile-server';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { bareMapFloor, mapShape, startIdleLoopProbe } from './floor';
import { hostClient, startHeapSampler, startStallSampler } from './host-client';
import { frameFigures, newPage, panAndZoom, preparePan, startFrameProbe, startRendererProfile } from './page-probe';
import { cpuFigures, startCpuSampler } from './proc-cpu';
import { startRssSampler } from './proc-memory';
import { simulatorShare } from './simulator-share';
import { startSimulatorProcess } from './simulator-process';
import { cpuSeconds, note, pct, r1, type Results } from './stats';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

const BASELINE_OBJECTS = 5_000;
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 20_000);
/** The page left still after the pan, while the service is polled every 5 s: three polls or more. */
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 16_000);

export interface LiveMapRun {
  /** The results' key: 'live-map' (50,000) or 'live-map-100k'. */
  key: string;
  objects: number;
  /** One Leaflet DOM marker per object for 5,000 objects, in the same page and motion. */
  domBaseline: boolean;
  /** Run with the host still up and the page closed (the list scenario reuses the fleet). */
  alsoWithHost?: (host: RunningHost) => Promise<void>;
}

/** Position deltas the page has drawn so far (one per poll that moved something). */
async function pollCount(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { __fleetMapPerf: { pollToPixels: number[] } }).__fleetMapPerf.pollToPixels.length);
}

export async function liveMap(browser: Browser, results: Results, run: LiveMapRun) {
  const { key, objects: OBJECTS } = run;
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
  // The service runs in its own process, as a real one would: the main-side stall figures
  // are the console's own, not the simulator's JSON generation for every object.
  note(`${key}: starting the simulator with ${OBJECTS} objects and warming it, then the host`);
  const sim = await startSimulatorProcess(['--objects', String(OBJECTS)]);
  // A run that fails here ends its simulator too: left running, it ticks 100,000 objects through the runs after.
  const share = await simulatorShare(sim.baseUrl, { feed: false }).catch(async (e: unknown) => {
    sim.stop();
    await tiles.close();
    throw e;
  });
  // Kept if the run fails later: what the service alone takes for these bodies.
  results[key] = { objects: OBJECTS, objects_with_position_at_the_service: share.want.positioned, ...share.figures };
  const t0 = Date.now();
  const host = await startBrowserMode({ dataDir, args: ['--server', sim.baseUrl, '--poll-ms', '5000'] });
  const rss = startRssSampler(host.pid);
  // The machine's CPU by process over the pan and over the floor's: whether the cores were full, and whose work filled them.
  const machineCpu = startCpuSampler();
  note(`${key}: host up`);
  const client = await hostClient(host);
  const heaps = startHeapSampler(client);
  try {
    const signedIn = await client.call<{ state?: string; status?: string }>('session/signIn', { baseUrl: sim.baseUrl, login: 'admin', password: 'admin' });
    note(`${key}: signed in (${JSON.stringify(signedIn).slice(0, 80)})`);
    const page = await newPage(browser);
    await page.goto(host.url);
    // Loaded: the whole object list is in (more than a first sign-in's names: decision 0073) and positions have stopped arriving in bulk.
    await page.waitForFunction(() => {
      const grid = document.querySelector('[role="grid"]');
      return Number(grid?.getAttribute('aria-rowcount') ?? 0) > 1000 && grid?.getAttribute('aria-busy') !== 'true';
    }, null, {
      timeout: 240_000,
      polling: 1000,
    });
    const count = () => page.evaluate(() => (globalThis as unknown as { __fleetCounts: () => { positioned: number } }).__fleetCounts().positioned);
    // Every position the service gave (bounded: a fleet that never arrives whole is reported as it stands).
    let positioned = await count();
    for (let i = 0; positioned < share.want.positioned && i < 2400; i++) {
      await page.waitForTimeout(100);
      positioned = await count();
    }
    const loadedMs = Date.now() - t0;
    note(`${key}: loaded ${positioned} positions in ${loadedMs} ms; panning and zooming`);
    await page.waitForTimeout(2000);
    await page.evaluate(() => {
      const p = (globalThis as unknown as { __fleetMapPerf: { pollToPixels: number[]; drawMs: number[]; drawnObjects: number[] } }).__fleetMapPerf;
      p.pollToPixels.length = 0;
      p.drawMs.length = 0;
      p.drawnObjects.length = 0;
    });
    await preparePan(page);
    // Before the probes: starting a trace or a profile stalls the page for a few hundred ms, which is not the page's.
    const profiler = await startRendererProfile(page, key);
    const sampler = await startStallSampler(client);
    const stop = await startFrameProbe(page);
    const idleLoop = await startIdleLoopProbe();
    const cpu0 = { sim: cpuSeconds(sim.pid), host: cpuSeconds(host.pid), t: Date.now() };
    await panAndZoom(page, MOVE_MS);
    const cpu = { sim: cpuSeconds(sim.pid) - cpu0.sim, host: cpuSeconds(host.pid) - cpu0.host, s: (Date.now() - cpu0.t) / 1000 };
    const panCpu = cpuFigures('pan', machineCpu.span(cpu0.t, Date.now(), { host: host.pid, simulator: sim.pid }));
    await profiler.stop();
    const probe = await stop();
    const idle = idleLoop.stop();
    const { stalls, held, loopP99, threadCpu, threadQueued } = sampler.stop();

    // The same page left still while the service is polled: the stall of parsing, diffing
    // and storing each poll, without the pan's rendering taking both cores. An idle process
    // beside it gives the machine's share in the same seconds.
    note(`${key}: the page still for ${QUIET_MS / 1000} s, polls only`);
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
    const hostMem = rss.stop();
    const heapPeaks = heaps.stop();
    const figures: Record<string, number> = (results[key] = {
      ...results[key],
      objects: OBJECTS,
      objects_with_position: positioned,
      objects_listed: Number(await page.getByRole('grid', { name: 'Object list' }).getAttribute('aria-rowcount')) - 1,
      // From the host's spawn (the simulator warm) to every position in the page's store.
      load_to_first_full_view_ms: loadedMs,
      // Frames, long tasks, and the page's main thread's CPU per second of panning, beside the
      // bare map's (floor_…): what the page takes from the two cores.
      ...frameFigures('', probe),
      // The object layer's own script per redraw, and the objects it drew: its share of a frame.
      redraws: drawMs.length,
      redraw_script_p95_ms: r1(pct(drawMs, 95)),
      redraw_script_max_ms: r1(Math.max(0, ...drawMs)),
      redraw_objects_p95: Math.round(pct(drawnObjects, 95)),
      redraw_objects_max: Math.max(0, ...drawnObjects),
      // -1 when no poll reached the page while it was still: a missing figure, not a met target.
      poll_to_pixels_p50_ms: p2p.length ? r1(pct(p2p, 50)) : -1,
      poll_to_pixels_max_ms: p2p.length ? r1(Math.max(...p2p)) : -1,
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
      ...panCpu,
      // The host's resident memory (all its threads and SQLite), highest seen from its start.
      host_rss_peak_mb: hostMem.rss_peak_sampled_mb,
      host_rss_hwm_mb: hostMem.rss_hwm_mb,
      // Where it went: each thread's largest V8 heap (the rest is buffers, SQLite and the threads' own).
      ...Object.fromEntries([...heapPeaks].map(([name, bytes]) => [`host_heap_peak_mb_${name.replace(/\W+/g, '_')}`, r1(bytes / 1024 / 1024)])),
    });

    const shape = await mapShape(page, 'live');

    // Baseline: one DOM marker per object, 5,000 of them, same page, same motion.
    if (run.domBaseline) await domMarkerBaseline(page, results, figures);
    if (run.alsoWithHost) await run.alsoWithHost(host);
    await page.close();

    // The floor: what panning the tiles alone costs on this machine, the service and host
    // still running; p95 at the floor means our layers add nothing a frame can show.
    note(`${key}: the bare map floor`);
    const floor = await bareMapFloor(browser, tiles.template, shape, MOVE_MS, key);
    Object.assign(figures, floor.figures, { frame_p95_over_floor_ms: r1(figures.frame_p95_ms! - floor.p95) });
    Object.assign(figures, cpuFigures('floor_pan', machineCpu.span(floor.panFrom, floor.panTo, { host: host.pid, simulator: sim.pid })));
  } catch (e) {
    // Why the host could not load the fleet is in its own log (timeouts, body limits).
    note(`${key}: the host's last output:\n${host.output().slice(-3000)}`);
    throw e;
  } finally {
    machineCpu.stop();
    heaps.stop();
    client.close();
    await host.stop();
    sim.stop();
    await tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function domMarkerBaseline(page: Page, results: Results, canvas: Record<string, number>) {
  note('live-map: DOM marker baseline');
  const markers = await page.evaluate((n) => (globalThis as unknown as { __fleetMap: { domBaseline(n: number): number } }).__fleetMap.domBaseline(n), BASELINE_OBJECTS);
  await page.waitForTimeout(1000);
  await preparePan(page);
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
    p95_ratio_vs_canvas_at_10x_objects: r1(p95 / canvas.frame_p95_ms!),
  };
}
