/**
 * The fault soak (issue 21): the simulator in its own process with a fleet of 500, the
 * browser-mode host signed in to it, one Chromium page on it, and SOAK_MS of seeded fault
 * phases (latency, 500s, resets, malformed and truncated bodies, 429, outages, mixes) while
 * events are acknowledged through the host's socket at a steady rate, offline too. Then: how
 * long until a fresh status poll brings the console online, the outbox drained, the cache's
 * integrity, and every acknowledged id in the service's write log exactly once.
 *
 * Figures and a pass/fail per check, never thrown: `npm run bench -- --only soak`.
 * BENCH_SOAK_MS shortens it (default 10 minutes); BENCH_SOAK_SEED picks another schedule.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DiagnosticsStats } from '../../common/methods/diagnostics';
import type { ConnectivityState } from '../../common/methods/connectivity';
import type { EventsList } from '../../common/methods/events';
import type { OutboxState } from '../../common/methods/outbox';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { hostClient, type HostClient } from './host-client';
import { newPage } from './page-probe';
import { faultSchedule, FAULT_KINDS, seededRandom, simControl, tallyAcks, type Phase } from './soak-faults';
import { startSimulatorProcess } from './simulator-process';
import { note, pct, r1, within } from './stats';
import { CHROMIUM, chromiumArgs } from '../support/chromium';

const SOAK_MS = Number(process.env.BENCH_SOAK_MS ?? 600_000);
const SEED = Number(process.env.BENCH_SOAK_SEED ?? 21);
const OBJECTS = 500;
const POLL_MS = 5000;
/** One `events/ack` call this often, with 1–3 ids. */
const ACK_EVERY_MS = 1500;
const RECOVERY_LIMIT_MS = 180_000;
const DRAIN_LIMIT_MS = 300_000;
/** The live-map target for the main side's own work per second (run.ts). */
const HELD_P99_TARGET_MS = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** Resident memory of a process, MB (Linux /proc; NaN elsewhere): a soak that leaks grows it. */
function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? r1(Number(kb) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Events to acknowledge: at 2 a.m. a fleet of 500 has a handful, so the bench asks the
 * service (directly, before any fault) for a position from every object of the account a few
 * times; each command's outcome is an event of its object a few seconds later.
 */
async function seedEvents(baseUrl: string, wanted: number): Promise<void> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(baseUrl + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: AbortSignal.timeout(30_000) });
  const { AccessToken } = (await (await post('/api/Token', { UserName: 'demo', Password: 'demo' })).json()) as { AccessToken: string };
  const objects = (await (await fetch(`${baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${AccessToken}` }, signal: AbortSignal.timeout(30_000) })).json()) as { Id: number }[];
  const ids = objects.map((o) => o.Id);
  for (let i = 0; i < Math.ceil(wanted / Math.max(1, ids.length)) && i < 20; i++) {
    const r = await post('/api/Commands/run', { ObjectIds: ids, Command: 'getgps' }, AccessToken);
    if (!r.ok) throw new Error(`seeding events: Commands/run answered ${r.status}`);
  }
}

/** The events the host lists, once it has polled the seeded ones in (bounded). */
async function eventPool(client: HostClient, wanted: number): Promise<number[]> {
  const until = Date.now() + 90_000;
  let ids: number[] = [];
  while (Date.now() < until) {
    ids = (await client.call<EventsList>('events/list', { scope: 'all' })).events.map((e) => e.Id);
    if (ids.length >= wanted) break;
    await sleep(2000);
  }
  return ids;
}

/** The page stays open through the soak: it must neither crash nor stop answering. */
async function openPage(browser: Browser, host: RunningHost) {
  const seen = { crashed: false, errors: 0 };
  const page: Page = await newPage(browser, { onCrash: () => (seen.crashed = true) });
  page.on('pageerror', () => seen.errors++);
  await page.goto(host.url);
  await page.getByRole('grid', { name: 'Object list' }).waitFor({ timeout: 60_000 });
  return {
    seen,
    async answers(): Promise<boolean> {
      if (seen.crashed) return false;
      try {
        return await within(15_000, 'the page answering', page.getByRole('grid', { name: 'Object list' }).isVisible());
      } catch {
        return false;
      }
    },
    close: () => page.close(),
  };
}

export async function runSoakBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-soak-'));
  note(`soak: ${SOAK_MS / 1000} s of faults, seed ${SEED}; starting the simulator (${OBJECTS} objects), the host and a page`);
  const sim = await startSimulatorProcess(['--objects', String(OBJECTS), '--seed', String(SEED)]);
  const control = simControl(sim.controlUrl);
  let host: RunningHost | null = null;
  let client: HostClient | null = null;
  let browser: Browser | null = null;
  const timers: ReturnType<typeof setInterval>[] = [];
  try {
    host = await startBrowserMode({ dataDir, args: ['--server', sim.baseUrl, '--poll-ms', String(POLL_MS)] });
    const hostPid = host.pid;
    client = await within(30_000, "connecting to the host's socket", hostClient(host));
    const c = client;
    await within(60_000, 'signing in', c.call('session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }));
    const wanted = Math.ceil(SOAK_MS / ACK_EVERY_MS) * 3;
    await seedEvents(sim.baseUrl, wanted);
    const pool = await eventPool(c, wanted);
    note(`soak: ${pool.length} events to acknowledge`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs() });
    const page = await openPage(browser, host);

    // What is watched through the soak, once a second: the host process, its loop, its state.
    const watch = { hostDied: false, socketErrors: 0, held: [] as number[], stalls: [] as number[], states: { online: 0, degraded: 0, offline: 0 } as Record<string, number>, workerDeaths: new Set<string>() };
    await c.call('diagnostics/stats', { reset: true });
    timers.push(
      setInterval(() => {
        if (!alive(hostPid)) watch.hostDied = true;
        void c.call<DiagnosticsStats>('diagnostics/stats', { reset: true }).then(
          (s) => {
            watch.stalls.push(s.eventLoop.max);
            if (s.loopHeld) watch.held.push(s.loopHeld.max);
          },
          () => watch.socketErrors++,
        );
        void c.call<ConnectivityState>('connectivity/state', {}).then(
          (s) => {
            watch.states[s.state] = (watch.states[s.state] ?? 0) + 1;
            // Diagnostics does not count worker restarts; a worker that died says so in the last error.
            if (s.lastError && /worker/i.test(s.lastError)) watch.workerDeaths.add(s.lastError);
          },
          () => watch.socketErrors++,
        );
      }, 1000),
    );

    // Acknowledgements at a steady rate, whatever the service does: offline they wait in the outbox.
    const sent: number[] = [];
    const ack = { calls: 0, errors: 0, poolEmpty: 0 };
    let next = 0;
    const size = seededRandom(SEED + 1);
    const acker = setInterval(() => {
      const ids = pool.slice(next, next + 1 + Math.floor(size() * 3));
      if (ids.length === 0) return void ack.poolEmpty++;
      next += ids.length;
      ack.calls++;
      void c.call('events/ack', { ids }).then(
        () => sent.push(...ids),
        () => ack.errors++,
      );
    }, ACK_EVERY_MS);
    timers.push(acker);

    const phases: Phase[] = faultSchedule(SEED, SOAK_MS);
    const rssStart = rssMb(hostPid);
    const t0 = Date.now();
    for (const p of phases) {
      const wait = t0 + p.startMs - Date.now();
      if (wait > 0) await sleep(wait);
      await control.setFaults(p.settings);
      note(`soak: ${r1((Date.now() - t0) / 1000)} s: ${p.kind} for ${r1(p.durationMs / 1000)} s`);
    }
    await sleep(Math.max(0, t0 + SOAK_MS - Date.now()));
    clearInterval(acker);
    const rssEnd = rssMb(hostPid);
    await control.clearFaults();
    const stoppedAt = Date.now();
    note('soak: faults stopped; waiting for a fresh status poll online');

    // Both watched from the same moment: the outbox may drain on another request's good answer before a status poll comes.
    let recoveryMs = NaN;
    let firstGoodMs = NaN;
    let drainMs = NaN;
    let outbox: OutboxState = await c.call<OutboxState>('outbox/list', {});
    const waiting = () => (Number.isNaN(recoveryMs) && Date.now() - stoppedAt <= RECOVERY_LIMIT_MS) || Number.isNaN(drainMs);
    for (let until = stoppedAt + DRAIN_LIMIT_MS; Date.now() < until && waiting(); await sleep(100)) {
      const s = await c.call<ConnectivityState>('connectivity/state', {});
      const now = Date.now();
      if (Number.isNaN(firstGoodMs) && Object.values(s.lastGood).some((t) => t >= stoppedAt)) firstGoodMs = now - stoppedAt;
      if (Number.isNaN(recoveryMs) && now - stoppedAt <= RECOVERY_LIMIT_MS && s.state === 'online' && (s.lastGood.status ?? 0) >= stoppedAt) recoveryMs = now - stoppedAt;
      if (Number.isNaN(drainMs)) {
        outbox = await c.call<OutboxState>('outbox/list', {});
        if (outbox.pending === 0) drainMs = Date.now() - stoppedAt;
      }
    }
    note(`soak: a status poll online after ${recoveryMs} ms, the outbox drained after ${drainMs} ms`);
    // The other watcher stops only now: recovery and the drain are part of what the host lived through.
    for (const t of timers.splice(0)) clearInterval(t);
    const pageAnswers = await page.answers();
    const pageSeen = { ...page.seen };
    await page.close();

    const tally = tallyAcks(sent, await control.writeLog());
    const counts = await control.faultCounts();
    // Dead letters: entries the outbox parked as failed (refused for good, or unreadable), not to be sent again.
    const deadLetters = outbox.failed;

    client.close();
    client = null;
    const hostOutput = host.output();
    await host.stop();
    host = null;
    const integrity = integrityOf(dataDir);

    const phaseFigures: Record<string, number> = {};
    for (const k of FAULT_KINDS) {
      const of = phases.filter((p) => p.kind === k);
      phaseFigures[`phases_${k.replace('-', '_')}`] = of.length;
      phaseFigures[`phase_s_${k.replace('-', '_')}`] = r1(of.reduce((a, p) => a + p.durationMs, 0) / 1000);
    }
    const faultsHit: Record<string, number> = {};
    for (const [k, v] of Object.entries(counts ?? {})) faultsHit[`requests_hit_${k}`] = v;
    const heldP99 = r1(pct(watch.held, 99));
    const noCrash = !watch.hostDied && watch.socketErrors === 0;
    const exactlyOnce = tally.missing === 0 && tally.duplicated === 0 && sent.length > 0;
    for (const m of hostOutput.matchAll(/[^\n]*worker[^\n]*(stopped|failed|kept stopping)[^\n]*/gi)) watch.workerDeaths.add(m[0]);
    return {
      soak_s: r1(SOAK_MS / 1000),
      seed: SEED,
      objects: OBJECTS,
      status_poll_ms: POLL_MS,
      fault_phases: phases.filter((p) => p.kind !== 'calm').length,
      ...phaseFigures,
      ...faultsHit,
      seconds_online: watch.states.online ?? 0,
      seconds_degraded: watch.states.degraded ?? 0,
      seconds_offline: watch.states.offline ?? 0,
      host_alive_throughout: noCrash ? 1 : 0,
      host_socket_errors: watch.socketErrors,
      worker_deaths_seen: watch.workerDeaths.size,
      host_rss_start_mb: rssStart,
      host_rss_end_mb: rssEnd,
      recovery_ms: recoveryMs,
      recovery_in_polls: r1(recoveryMs / POLL_MS),
      first_good_answer_after_faults_ms: firstGoodMs,
      outbox_drain_after_faults_ms: drainMs,
      outbox_pending_left: outbox.pending,
      dead_letters: deadLetters,
      ack_calls: ack.calls,
      ack_call_errors: ack.errors,
      ack_calls_skipped_no_events_left: ack.poolEmpty,
      ack_ids_sent: sent.length,
      ack_posts_in_write_log: tally.posts,
      ack_ids_delivered_once: tally.once,
      ack_ids_delivered_twice_or_more: tally.duplicated,
      ack_ids_missing: tally.missing,
      main_loop_held_p99_ms: heldP99,
      main_loop_held_max_ms: r1(Math.max(0, ...watch.held)),
      main_stall_per_second_p99_ms: r1(pct(watch.stalls, 99)),
      page_crashed: pageSeen.crashed ? 1 : 0,
      page_errors: pageSeen.errors,
      cache_integrity: integrity,
      check_no_crash: verdict(noCrash),
      check_page_survives: verdict(pageAnswers && !pageSeen.crashed),
      check_recovery_within_one_poll: verdict(recoveryMs <= POLL_MS),
      check_outbox_drained: verdict(outbox.pending === 0),
      check_delivered_exactly_once: verdict(exactlyOnce),
      check_integrity_ok: verdict(integrity === 'ok'),
      check_main_loop_held_p99_within_10ms: verdict(heldP99 <= HELD_P99_TARGET_MS),
    };
  } finally {
    for (const t of timers) clearInterval(t);
    client?.close();
    await browser?.close();
    await host?.stop();
    sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `PRAGMA integrity_check` of every cache file the host left, read-only, once it has closed. */
function integrityOf(dataDir: string): string {
  const files = readdirSync(dataDir).filter((f) => f.endsWith('.sqlite'));
  if (files.length === 0) return 'no cache file';
  const out: string[] = [];
  for (const f of files) {
    const db = new Database(join(dataDir, f), { readonly: true, fileMustExist: true });
    try {
      out.push((db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; '));
    } finally {
      db.close();
    }
  }
  return out.every((r) => r === 'ok') ? 'ok' : out.join(' | ');
}
