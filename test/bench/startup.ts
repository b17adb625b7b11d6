/**
 * Issue 26's starts, at 50,000 objects seen by the account (the simulator's administrator),
 * the simulator already warm in its own process:
 * - cold: the host started, the page loaded (the sign-in form), then sign-in to every
 *   position drawn and the whole list shown; beside it the simulator's own time to produce
 *   the status and object-list bodies, fetched directly in the same run;
 * - warm, the service unreachable (the simulator refusing connections): a restart of the
 *   host on the same data folder to the whole fleet from the cache, on the map and in the list;
 *   then the same restart in a browser that has run the console before (`warm_offline_cached`);
 * - warm, the service reachable: the cache shown first, then the first poll's positions;
 * - reconnect: ten simulated minutes of outage (the simulator's clock starts ten minutes
 *   behind and jumps to the real time during the outage), then the first poll's catch-up of
 *   positions and events on the screen, and the frames over 50 ms meanwhile.
 * Each start is split into the host's process start, the page's load, its first paint and
 * the fleet's arrival, all on the bench's clock from the host's spawn.
 */
import type { Browser, Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTileServer } from '../integration/tiles/tile-server';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { hostClient } from './host-client';
import { installStartProbe, markFresh, readMarks, waitForMarks, type StartMarks, type Want } from './startup-probe';
import { pageLoadFloor } from './page-floor';
import { pageCpu, startRendererProfile } from './page-probe';
import { cpuFigures, startCpuSampler } from './proc-cpu';
import { simulatorShare } from './simulator-share';
import { startSimulatorProcess } from './simulator-process';
import { note, r1, type Results } from './stats';
import type { Served } from '../../simulator/http/served-log';

const OBJECTS = Number(process.env.BENCH_STARTUP_OBJECTS ?? 50_000);
const POLL_MS = 5000;
const OUTAGE_SIMULATED_MS = 600_000;
/** How long after the service is back its frames are watched (and the still page's, for the floor). */
const CATCH_UP_WATCH_MS = 8000;

/** A start's phases on the bench's clock, from the host's spawn (ms). */
function phases(prefix: string, spawnAt: number, hostUpAt: number, m: StartMarks, from: number | null = null): Record<string, number> {
  const since = (t: number | null, base = spawnAt) => (t === null ? -1 : Math.round(t - base));
  const out: Record<string, number> = {
    [`${prefix}_host_process_start_ms`]: since(hostUpAt),
    [`${prefix}_page_navigation_start_ms`]: since(m.navigationStart),
    [`${prefix}_page_load_ms`]: since(m.loadEventEnd),
    // Beside floor_page_load_ms, which is counted from the navigation too.
    [`${prefix}_page_load_after_navigation_ms`]: m.loadEventEnd === null ? -1 : Math.round(m.loadEventEnd - m.navigationStart),
    [`${prefix}_first_contentful_paint_ms`]: since(m.firstContentfulPaint),
  };
  const base = from ?? spawnAt;
  const tag = from === null ? '' : '_after_sign_in';
  Object.assign(out, {
    [`${prefix}_list_first_rows${tag}_ms`]: since(m.listFirst, base),
    [`${prefix}_list_full${tag}_ms`]: since(m.listFull, base),
    [`${prefix}_list_complete${tag}_ms`]: since(m.listComplete, base),
    [`${prefix}_positions_first${tag}_ms`]: since(m.positionsFirst, base),
    [`${prefix}_positions_full${tag}_ms`]: since(m.positionsFull, base),
    [`${prefix}_first_full_view${tag}_ms`]: since(m.fullView, base),
  });
  return out;
}

/**
 * A blank page, made before the host starts: the desktop app creates its window while the
 * core starts, and Playwright's own context setup (0.3 to 0.4 s here) is not the console's
 * time. A fresh context each start: no HTTP or code cache from the run before (a restarted
 * Electron keeps its code cache, so this is the slower case; `warm_offline_cached` is the other).
 */
async function blankPage(browser: Browser, want: Want): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  await installStartProbe(context, want);
  return context.newPage();
}

const full = (m: StartMarks) => m.fullView !== null;

/**
 * The simulator's own time in the cold start and the reconnect, from its log of the requests
 * it served (GET /__sim/served): the first status, object list, event feed, event list, group
 * list and profile after sign-in or the service's return, each asked (from then), built and
 * sent. Its share measured apart (simulatorShare) can differ from what it took while the
 * console asked.
 */
function simulatorTimes(phase: 'cold' | 'reconnect', served: Served[], since: number): Record<string, number> {
  const bodies = {
    status: '/api/ObjectsStatus', objects_lite: '/api/Objects/lite', objects: '/api/Objects', events_feed: '/api/Events/feed', events: '/api/Events',
    // The first reference list, and the profile (every object embedded: -1 when it was not asked, decision 0089).
    groups: '/api/Objects/Groups', profile: '/api/Profile',
  };
  return Object.fromEntries(
    Object.entries(bodies).flatMap(([name, path]) => {
      const first = served.find((s) => s.method === 'GET' && s.path === path && s.at >= since);
      return [
        [`${phase}_simulator_${name}_asked_ms`, first ? first.at - since : -1],
        [`${phase}_simulator_${name}_built_ms`, first?.handlerMs ?? -1],
        [`${phase}_simulator_${name}_sent_ms`, first?.finishedMs ?? -1],
      ];
    }),
  );
}

/** The floor of a host's process start on this machine now: a Node process that does nothing, spawned and ended. */
function nodeStartMs(): number {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return Math.round(performance.now() - t0);
}

export async function startupBench(browser: Browser, results: Results): Promise<void> {
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-start-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
  note(`startup: the simulator with ${OBJECTS} objects, its clock ten minutes behind`);
  const sim = await startSimulatorProcess(['--objects', String(OBJECTS), '--clock-offset-ms', String(-OUTAGE_SIMULATED_MS)]);
  const control = (path: string, init?: RequestInit) => fetch(`${sim.controlUrl}/__sim/${path}`, init);
  const hosts: RunningHost[] = [];
  // `rememberedPort`: the last start's port, so a page in the same browser finds its cache (same origin).
  const start = async (rememberedPort = false): Promise<{ host: RunningHost; spawnAt: number; hostUpAt: number }> => {
    const spawnAt = Date.now();
    const host = await startBrowserMode({ dataDir, rememberedPort, args: ['--server', sim.baseUrl, '--poll-ms', String(POLL_MS)] });
    hosts.push(host);
    return { host, spawnAt, hostUpAt: Date.now() };
  };
  const figures: Record<string, number> = (results.startup = { objects: OBJECTS, floor_node_process_start_ms: nodeStartMs() });
  const machineCpu = startCpuSampler();
  // Each start's CPU by process, from its beginning to its full view: whether the two cores were the limit, and whose work filled them.
  const cpuTo = (prefix: string, from: number, to: number | null, host: RunningHost) => (to === null ? {} : cpuFigures(prefix, machineCpu.span(from, to, { host: host.pid, simulator: sim.pid })));
  try {
    const share = await simulatorShare(sim.baseUrl);
    Object.assign(figures, share.figures, { objects_listed_expected: share.want.objects, objects_with_position_expected: share.want.positioned });
    const { want } = share;
    Object.assign(figures, await pageLoadFloor(browser));

    note('startup: cold (host, sign-in form, sign-in, the whole fleet)');
    const page = await blankPage(browser, want);
    const coldCpu = await pageCpu(page);
    const cold = await start();
    await page.goto(cold.host.url);
    await page.getByRole('button', { name: /sign in/i }).first().waitFor({ timeout: 60_000 });
    const client = await hostClient(cold.host);
    // BENCH_RENDERER_PROF or _TRACE: the page from its sign-in form to the whole list.
    const coldProfile = await startRendererProfile(page, 'cold');
    const signInAt = Date.now();
    await client.call('session/signIn', { baseUrl: sim.baseUrl, login: 'admin', password: 'admin', remember: true });
    const signedInAt = Date.now();
    client.close();
    // Until the full list too: a first sign-in lists the names first, and the warm start below reads what this one stored.
    const coldMarks = await waitForMarks(page, (m) => full(m) && m.listComplete !== null, 180_000);
    await coldProfile.stop();
    if (!full(coldMarks)) note(`startup: no full view after sign-in; the host's last output:\n${cold.host.output().slice(-3000)}`);
    Object.assign(figures, phases('cold', cold.spawnAt, cold.hostUpAt, coldMarks, signInAt), { cold_sign_in_call_ms: signedInAt - signInAt, cold_page_main_thread_cpu_ms: await coldCpu() });
    Object.assign(figures, cpuTo('cold', signInAt, coldMarks.fullView, cold.host));
    Object.assign(figures, simulatorTimes('cold', (await (await control('served')).json()) as Served[], signInAt));
    await page.context().close();
    await cold.host.stop();

    note('startup: warm, the service unreachable');
    await control('faults', { method: 'POST', body: JSON.stringify({ outage: 'refuse' }) });
    const offPage = await blankPage(browser, want);
    // BENCH_RENDERER_TRACE: the page's timeline from its navigation (a trace outlives the navigation, a CPU profile does not).
    const offTrace = process.env.BENCH_RENDERER_TRACE ? await startRendererProfile(offPage, 'warm-offline') : null;
    const offCpu = await pageCpu(offPage);
    const off = await start();
    await offPage.goto(off.host.url);
    const offMarks = await waitForMarks(offPage, full, 60_000);
    const offCpuMs = await offCpu();
    await offTrace?.stop();
    Object.assign(figures, phases('warm_offline', off.spawnAt, off.hostUpAt, offMarks), { warm_offline_page_main_thread_cpu_ms: offCpuMs });
    Object.assign(figures, cpuTo('warm_offline', off.spawnAt, offMarks.fullView, off.host));
    await offPage.close();
    await off.host.stop();

    // The same restart in a browser that has run the console before, as a restarted Electron
    // (or the user's browser) has: its HTTP cache and the scripts' compiled code kept. Chromium
    // keeps a script's compiled code from its second load, so the third start is the one measured.
    note('startup: warm, the service unreachable, the browser having run the console before');
    let cachedMarks: StartMarks | null = null;
    let cached: Awaited<ReturnType<typeof start>> | null = null;
    let cachedCpuMs = -1;
    for (let i = 0; i < 3; i++) {
      // Opened before the spawn, as each start's page is: Playwright's own setup is not the console's time.
      const p = await offPage.context().newPage();
      const cpu = await pageCpu(p);
      cached = await start(true);
      await p.goto(cached.host.url);
      cachedMarks = await waitForMarks(p, full, 60_000);
      cachedCpuMs = await cpu();
      // Before the page closes: its renderer's process ends with it.
      Object.assign(figures, cpuTo('warm_offline_cached', cached.spawnAt, cachedMarks.fullView, cached.host));
      await p.close();
      await cached.host.stop();
    }
    Object.assign(figures, phases('warm_offline_cached', cached!.spawnAt, cached!.hostUpAt, cachedMarks!), { warm_offline_cached_page_main_thread_cpu_ms: cachedCpuMs });
    await offPage.context().close();

    note('startup: warm, the service reachable');
    await control('faults', { method: 'DELETE' });
    const onPage = await blankPage(browser, want);
    const on = await start();
    await onPage.goto(on.host.url);
    await markFresh(onPage, on.spawnAt);
    const onMarks = await waitForMarks(onPage, (m) => full(m) && m.freshPositions !== null, 60_000);
    Object.assign(figures, phases('warm_online', on.spawnAt, on.hostUpAt, onMarks), {
      warm_online_first_poll_drawn_ms: onMarks.freshPositions === null ? -1 : Math.round(onMarks.freshPositions - on.spawnAt),
      // 1: the positions first shown were fetched before this start (the cache's), before any poll of it.
      warm_online_cache_shown_first: onMarks.firstPositionsFetchedAt !== null && onMarks.firstPositionsFetchedAt < on.spawnAt ? 1 : 0,
    });
    Object.assign(figures, cpuTo('warm_online', on.spawnAt, onMarks.fullView, on.host));

    await reconnect(onPage, on.host, control, figures, (from, to) => cpuTo('reconnect', from, to, on.host));
    await onPage.context().close();
  } finally {
    machineCpu.stop();
    for (const h of hosts) await h.stop();
    sim.stop();
    await tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function reconnect(
  page: Page,
  host: RunningHost,
  control: (path: string, init?: RequestInit) => Promise<Response>,
  figures: Record<string, number>,
  cpuTo: (from: number, to: number | null) => Record<string, number>,
) {
  note('startup: reconnect after ten simulated minutes of outage');
  const client = await hostClient(host);
  // BENCH_RENDERER_PROF: the page's CPU profile over the still floor and the catch-up.
  const profiler = await startRendererProfile(page, 'reconnect');
  try {
    // The floor: frames over 50 ms in the same page, still and online, for as long as the catch-up is watched.
    await markFresh(page, Number.MAX_SAFE_INTEGER);
    const stillCpu = await pageCpu(page);
    await page.waitForTimeout(CATCH_UP_WATCH_MS);
    figures.floor_still_page_main_thread_cpu_ms = await stillCpu();
    const floor = await readMarks(page);
    figures.floor_still_frames_over_50ms = floor.slowFrames.length;
    figures.floor_still_longest_frame_ms = r1(Math.max(0, ...floor.slowFrames.map(([, d]) => d)));
    await control('faults', { method: 'POST', body: JSON.stringify({ outage: 'refuse' }) });
    const moved = await control('clock', { method: 'POST', body: JSON.stringify({ offsetMs: 0 }) });
    if (!moved.ok) throw new Error(`bench: the simulator's clock did not move: ${moved.status} ${await moved.text()}`);
    // Until the host has judged the service gone (three unanswered requests, at most a minute).
    for (let i = 0; i < 120; i++) {
      const c = await client.call<{ state?: string }>('connectivity/state', {});
      if (c.state === 'offline') break;
      await page.waitForTimeout(500);
    }
    const backAt = Date.now();
    const catchUpCpu = await pageCpu(page);
    await markFresh(page, backAt);
    await control('faults', { method: 'DELETE' });
    const m = await waitForMarks(page, (x) => x.freshPositions !== null && x.eventsChanged !== null, 3 * POLL_MS + 10_000);
    // Watched as long as the floor was, so a slow frame right after the catch-up is counted.
    await page.waitForTimeout(Math.max(0, backAt + CATCH_UP_WATCH_MS - Date.now()));
    const catchUpCpuMs = await catchUpCpu();
    const after = await readMarks(page);
    Object.assign(figures, {
      reconnect_positions_drawn_ms: m.freshPositions === null ? -1 : Math.round(m.freshPositions - backAt),
      reconnect_events_shown_ms: m.eventsChanged === null ? -1 : Math.round(m.eventsChanged - backAt),
      reconnect_poll_interval_ms: POLL_MS,
      reconnect_frames_over_50ms: after.slowFrames.length,
      reconnect_longest_frame_ms: r1(Math.max(0, ...after.slowFrames.map(([, d]) => d))),
      reconnect_page_main_thread_cpu_ms: catchUpCpuMs,
      reconnect_simulated_outage_ms: OUTAGE_SIMULATED_MS,
    });
    Object.assign(figures, cpuTo(backAt, m.freshPositions));
    Object.assign(figures, simulatorTimes('reconnect', (await (await control('served')).json()) as Served[], backAt));
  } finally {
    await profiler.stop();
    client.close();
  }
}
