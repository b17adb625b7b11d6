/**
 * `npm run bench -- --only bulk`: a 3,000-item odometer job run by the browser-mode host
 * against a simulator process answering every request 50 ms late, four items at a time,
 * while the live map of the same host is open in Chromium. Reported: items per second
 * against the ideal (concurrency / added latency), the host's loop held by its own
 * work (p99 of each second's worst) during the job, and the live map's frames while panning
 * and zooming with the job running against the same motion just before it, without a job.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobSummary } from '../../common/methods/jobs';
import { startBrowserMode } from '../e2e/support/browser-mode';
import { startTileServer } from '../integration/tiles/tile-server';
import { hostClient, startStallSampler } from './host-client';
import { frameFigures, newPage, panAndZoom, preparePan, startFrameProbe } from './page-probe';
import { startSimulatorProcess } from './simulator-process';
import { note, pct, r1, within } from './stats';
import { CHROMIUM, chromiumArgs } from '../support/chromium';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

const ITEMS = 3000;
const LATENCY_MS = 50;
const CONCURRENCY = 4;
const PAN_MS = Number(process.env.BENCH_BULK_PAN_MS ?? 15_000);

async function waitForLiveMap(page: Page) {
  await page.waitForFunction(() => Number(document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') ?? 0) > 100, null, { timeout: 120_000, polling: 500 });
  const count = () => page.evaluate(() => Object.keys((globalThis as unknown as { __fleetPositions: () => object }).__fleetPositions()).length);
  // Positions have stopped arriving in bulk: two reads 1.5 s apart agree (at most 40 reads).
  let positioned = await count();
  for (let prev = -1, i = 0; positioned !== prev && i < 40; i++) {
    prev = positioned;
    await page.waitForTimeout(1500);
    positioned = await count();
  }
  return positioned;
}

async function framesWhilePanning(page: Page) {
  await preparePan(page);
  const stop = await startFrameProbe(page);
  await panAndZoom(page, PAN_MS);
  return stop();
}

export async function runBulkBench(): Promise<Record<string, number>> {
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bulk-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
  const sim = await startSimulatorProcess(['--objects', String(ITEMS), '--seed', '23']);
  const host = await startBrowserMode({ dataDir, args: ['--server', sim.baseUrl, '--poll-ms', '5000'] });
  const client = await hostClient(host);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs() });
  try {
    await client.call('session/signIn', { baseUrl: sim.baseUrl, login: 'admin', password: 'admin' });
    const page = await newPage(browser);
    await page.goto(host.url);
    const positioned = await waitForLiveMap(page);
    note(`bulk: the live map shows ${positioned} positions`);
    await fetch(`${sim.controlUrl}/__sim/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ latencyMs: LATENCY_MS }) });
    await page.waitForTimeout(2000);

    note(`bulk: panning the live map ${PAN_MS / 1000} s without a job`);
    const calmHeld = await startStallSampler(client);
    const calm = await framesWhilePanning(page);
    const calmLoop = calmHeld.stop();

    const items = Array.from({ length: ITEMS }, (_, i) => ({ objectId: i + 1, value: 400_000 + i, row: null }));
    const held = await startStallSampler(client);
    const started = await client.call<JobSummary>('jobs/start', { kind: 'odometer', items, concurrency: CONCURRENCY, label: 'bench' });
    await page.waitForTimeout(1000);
    note(`bulk: job ${started.jobId} running; panning the live map ${PAN_MS / 1000} s beside it`);
    const during = await framesWhilePanning(page);
    const job = await within(15 * 60_000, 'the bulk job', (async () => {
      for (;;) {
        const j = (await client.call<JobSummary[]>('jobs/list', { limit: 5 })).find((x) => x.jobId === started.jobId);
        if (j && j.finishedAt !== null && !['queued', 'running', 'waiting'].includes(j.state)) return j;
        await new Promise((r) => setTimeout(r, 1000));
      }
    })());
    const loop = held.stop();
    const secs = (job.finishedAt! - job.createdAt) / 1000;
    note(`bulk: ${job.state}, ${job.done} done, ${job.failed} failed in ${r1(secs)} s`);
    const ideal = CONCURRENCY / (LATENCY_MS / 1000);
    const perRequestIdeal = CONCURRENCY / ((2 * LATENCY_MS) / 1000);
    const rate = job.done / secs;
    const calmFrames = frameFigures('live_map_without_job_', calm);
    const jobFrames = frameFigures('live_map_during_job_', during);
    return {
      items: ITEMS,
      done: job.done,
      failed: job.failed,
      seconds: r1(secs),
      items_per_s: r1(rate),
      // The ideal: each item one request's latency, `concurrency` at a time.
      ideal_items_per_s: r1(ideal),
      of_ideal_pct: r1((100 * rate) / ideal),
      // Each item is two requests (its previous value read, then the write): the most this engine can do.
      two_requests_per_item_ideal_items_per_s: r1(perRequestIdeal),
      of_two_requests_ideal_pct: r1((100 * rate) / perRequestIdeal),
      main_loop_held_job_p50_ms: r1(pct(loop.held, 50)),
      main_loop_held_job_p95_ms: r1(pct(loop.held, 95)),
      main_loop_held_job_p99_ms: r1(pct(loop.held, 99)),
      main_loop_held_job_max_ms: r1(Math.max(0, ...loop.held)),
      // The same without the job's first second: its start reads the object list and journals every item in one go.
      main_loop_held_job_after_start_p99_ms: r1(pct(loop.held.slice(1), 99)),
      main_loop_held_without_job_p99_ms: r1(pct(calmLoop.held, 99)),
      objects_with_position: positioned,
      ...calmFrames,
      ...jobFrames,
      live_map_frame_p95_job_minus_without_ms: r1(Number(jobFrames.live_map_during_job_frame_p95_ms) - Number(calmFrames.live_map_without_job_frame_p95_ms)),
    };
  } finally {
    await browser.close();
    client.close();
    await host.stop();
    sim.stop();
    await tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
