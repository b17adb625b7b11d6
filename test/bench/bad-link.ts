/**
 * The field engineer's bad link (issue 30): the simulator in its own process, the browser-mode
 * host signed in to it, one Chromium page on it, and BENCH_BAD_LINK_MS (default 10 minutes) of
 * a scripted bad mobile link: 3 s ± 2 s latency, 30% 500s, 10% resets, truncated answers, a
 * rate limit that answers 429, and two outages (refused, then reset) part-way through. History
 * intervals are asked for throughout, as a user paging through days would.
 *
 * Reported: time to recover after each outage (fresh positions; the header off "Offline"), the
 * header's state changes per minute, the positions' age the header shows against their real
 * age, seconds the header was green over stale data, and history windows given up (still
 * missing once the link is good again). Figures, never thrown: `npm run bench -- --only bad-link`.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectivityState } from '../../common/methods/connectivity';
import type { WireHistoryData } from '../../common/methods/history';
import { objectsOf, type ObjectsList } from '../../common/methods/live';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { hostClient, type HostClient } from './host-client';
import { newPage } from './page-probe';
import { simControl, type FaultSettings } from './soak-faults';
import { startSimulatorProcess } from './simulator-process';
import { note, pct, r1, within } from './stats';
import { CHROMIUM, chromiumArgs } from '../support/chromium';

const RUN_MS = Number(process.env.BENCH_BAD_LINK_MS ?? 600_000);
const OBJECTS = 200;
const POLL_MS = 5000;
const SAMPLE_MS = 500;
/** One history interval (a past day of another object) asked for this often. */
const HISTORY_EVERY_MS = 30_000;
/** After the bad link ends, this long for the console to fill what it missed before counting what was given up. */
const SETTLE_MS = 45_000;
const DAY = 86_400_000;

/** 3 s ± 2 s is 1 s plus up to 4 s of jitter. */
export const BAD_LINK: FaultSettings = {
  latencyMs: 1000,
  jitterMs: 4000,
  errorRate: 0.3,
  resetRate: 0.1,
  truncateRate: 0.05,
  malformedRate: 0,
  rateLimit: { limit: 12, windowMs: 10_000, retryAfterS: 2 },
  outage: 'none',
  outageMs: 0,
};

export interface Outage {
  kind: 'refuse' | 'reset';
  startMs: number;
  durationMs: number;
}

/** Two outages, at 30% and 65% of the run, each about 6% of it (10–45 s). */
export function outagesFor(runMs: number): Outage[] {
  const durationMs = Math.min(45_000, Math.max(10_000, Math.round(runMs * 0.06)));
  return [
    { kind: 'refuse', startMs: Math.round(runMs * 0.3), durationMs },
    { kind: 'reset', startMs: Math.round(runMs * 0.65), durationMs },
  ];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The header's words as the page shows them: the connection button's accessible name. */
async function headerText(page: Page): Promise<string | null> {
  try {
    return await within(5000, 'reading the header', page.getByRole('status', { name: 'Connection and data age' }).getByRole('button').getAttribute('aria-label'));
  } catch {
    return null;
  }
}

/** "Connection: Poor connection: retrying. Positions 40 s old" → headline and age (s). */
export function parseHeader(text: string): { headline: string; ageS: number | null } {
  const body = text.replace(/^Connection: /, '');
  const m = /^(.*?)\. Positions (\d+) (s|min|h) old$/.exec(body);
  if (!m) return { headline: body, ageS: null };
  const unit = m[3] === 's' ? 1 : m[3] === 'min' ? 60 : 3600;
  return { headline: m[1]!, ageS: Number(m[2]) * unit };
}

interface Sample {
  at: number;
  headline: string | null;
  shownAgeS: number | null;
  realAgeS: number | null;
  judged: string;
  lastGoodStatus: number;
}

export async function runBadLinkBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-bad-link-'));
  note(`bad-link: ${RUN_MS / 1000} s of a bad link with two outages; starting the simulator (${OBJECTS} objects), the host and a page`);
  const sim = await startSimulatorProcess(['--objects', String(OBJECTS), '--seed', '30']);
  const control = simControl(sim.controlUrl);
  let host: RunningHost | null = null;
  let client: HostClient | null = null;
  let browser: Browser | null = null;
  try {
    host = await startBrowserMode({ dataDir, args: ['--server', sim.baseUrl, '--poll-ms', String(POLL_MS)] });
    client = await within(30_000, "connecting to the host's socket", hostClient(host));
    const c = client;
    await within(60_000, 'signing in', c.call('session/signIn', { baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }));
    // The list arrives with the first objects poll after sign-in: wait for it, bounded.
    let ids: number[] = [];
    for (const until = Date.now() + 60_000; ids.length === 0 && Date.now() < until; await sleep(500)) {
      ids = objectsOf(await c.call<ObjectsList>('objects/list', {})).map((o) => o.Id);
    }
    if (ids.length === 0) throw new Error('bad-link: the host listed no objects within 60 s of signing in');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs() });
    const page = await newPage(browser);
    await page.goto(host.url);
    await page.getByRole('grid', { name: 'Object list' }).waitFor({ timeout: 60_000 });

    const samples: Sample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [text, s] = await Promise.all([headerText(page), c.call<ConnectivityState>('connectivity/state', {}).catch(() => null)]);
        const at = Date.now();
        const parsed = text ? parseHeader(text) : null;
        const good = s?.lastGood.status ?? 0;
        samples.push({ at, headline: parsed?.headline ?? null, shownAgeS: parsed?.ageS ?? null, realAgeS: good ? (at - good) / 1000 : null, judged: s?.link?.state ?? s?.state ?? 'unknown', lastGoodStatus: good });
        await sleep(SAMPLE_MS);
      }
    })();

    // History: a past day of the next object every HISTORY_EVERY_MS, as a user paging through would.
    const asked: { objectId: number; from: number; till: number; refused: string | null }[] = [];
    const today = Math.floor(Date.now() / DAY) * DAY;
    const askHistory = () => {
      const objectId = ids[asked.length % ids.length]!;
      const from = today - (2 + (asked.length % 7)) * DAY;
      const entry: (typeof asked)[number] = { objectId, from, till: from + DAY, refused: null };
      asked.push(entry);
      void c.call('history/load', { objectId, from, till: from + DAY }).catch((e: unknown) => (entry.refused = e instanceof Error ? e.message : String(e)));
    };

    const outages = outagesFor(RUN_MS);
    const t0 = Date.now();
    await control.setFaults(BAD_LINK);
    askHistory();
    const historyTimer = setInterval(askHistory, HISTORY_EVERY_MS);
    const ends: number[] = [];
    for (const o of outages) {
      await sleep(Math.max(0, t0 + o.startMs - Date.now()));
      // The simulator ends the outage by its own timer; the bad link goes on around it.
      await control.setFaults({ ...BAD_LINK, outage: o.kind, outageMs: o.durationMs });
      ends.push(Date.now() + o.durationMs);
      note(`bad-link: ${r1((Date.now() - t0) / 1000)} s: outage (${o.kind}) for ${o.durationMs / 1000} s`);
    }
    await sleep(Math.max(0, t0 + RUN_MS - Date.now()));
    clearInterval(historyTimer);
    await control.clearFaults();
    const faultsEnd = Date.now();
    note(`bad-link: the link is good again; ${SETTLE_MS / 1000} s for the console to catch up`);
    await sleep(SETTLE_MS);
    sampling = false;
    await sampler;

    // What each outage cost: from its end to fresh positions, and to the header off "Offline".
    const recovery = ends.map((end, i) => {
      const next = i + 1 < ends.length ? t0 + outages[i + 1]!.startMs : faultsEnd + SETTLE_MS;
      const after = samples.filter((s) => s.at >= end && s.at < next);
      const fresh = after.find((s) => s.lastGoodStatus >= end);
      const notOffline = after.find((s) => s.headline !== null && s.headline !== 'Offline');
      const wasOffline = samples.some((s) => s.at >= end - outages[i]!.durationMs && s.at < end && s.headline === 'Offline');
      return { freshMs: fresh ? fresh.at - end : NaN, headerMs: notOffline ? notOffline.at - end : NaN, wasOffline };
    });

    // The header during the bad link only (the settle time is a good link).
    const during = samples.filter((s) => s.at >= t0 && s.at < faultsEnd);
    const minutes = (faultsEnd - t0) / 60_000;
    const changes = (xs: (string | null)[]) => xs.filter((x, i) => i > 0 && x !== null && xs[i - 1] !== null && x !== xs[i - 1]).length;
    const headlines = during.map((s) => s.headline);
    const ageGaps = during.filter((s) => s.shownAgeS !== null && s.realAgeS !== null).map((s) => Math.abs(s.shownAgeS! - s.realAgeS!));
    const late = (s: Sample) => s.realAgeS !== null && s.realAgeS * 1000 > 2 * POLL_MS;
    const greenOverStale = during.filter((s) => s.headline === 'Online' && late(s)).length;
    const staleSamples = during.filter(late).length;
    // Each change of the header's words, with its second into the run: what a user saw happen.
    const sequence = during
      .filter((s, i) => s.headline !== null && (i === 0 || s.headline !== during[i - 1]!.headline))
      .map((s) => `${Math.round((s.at - t0) / 1000)} s ${s.headline}`)
      .join(' → ');
    const byHeadline: Record<string, number> = {};
    for (const h of headlines) if (h) byHeadline[h] = (byHeadline[h] ?? 0) + 1;

    // History windows still missing once the link has been good for SETTLE_MS: given up.
    let givenUp = 0;
    let intervalsIncomplete = 0;
    for (const a of asked) {
      const d = await c.call<WireHistoryData>('history/read', { objectId: a.objectId, from: a.from, till: a.till }).catch(() => null);
      const missing = d ? d.coverage.missing.length : 1;
      givenUp += missing;
      if (missing > 0 || a.refused) intervalsIncomplete++;
    }

    const out: Record<string, number | string> = {
      run_s: r1(RUN_MS / 1000),
      objects: OBJECTS,
      status_poll_ms: POLL_MS,
      outages: outages.map((o) => `${o.kind} ${o.durationMs / 1000} s at ${o.startMs / 1000} s`).join('; '),
    };
    recovery.forEach((r, i) => {
      out[`outage_${i + 1}_header_said_offline`] = r.wasOffline ? 1 : 0;
      out[`outage_${i + 1}_fresh_positions_after_ms`] = r.freshMs;
      out[`outage_${i + 1}_header_off_offline_after_ms`] = r.headerMs;
    });
    Object.assign(out, {
      header_sequence: sequence,
      header_state_changes: changes(headlines),
      header_state_changes_per_minute: r1(changes(headlines) / minutes),
      judged_state_changes_per_minute: r1(changes(during.map((s) => s.judged)) / minutes),
      ...Object.fromEntries(Object.entries(byHeadline).map(([h, n]) => [`header_seconds_${h.replace(/[^A-Za-z]+/g, '_').toLowerCase().replace(/_+$/, '')}`, r1((n * SAMPLE_MS) / 1000)])),
      shown_vs_real_age_gap_p50_s: r1(pct(ageGaps, 50)),
      shown_vs_real_age_gap_p95_s: r1(pct(ageGaps, 95)),
      shown_vs_real_age_gap_max_s: r1(Math.max(0, ...ageGaps)),
      real_age_p95_s: r1(pct(during.map((s) => s.realAgeS ?? 0), 95)),
      seconds_positions_late: r1((staleSamples * SAMPLE_MS) / 1000),
      seconds_green_over_late_positions: r1((greenOverStale * SAMPLE_MS) / 1000),
      history_intervals_asked: asked.length,
      history_loads_refused: asked.filter((a) => a.refused !== null).length,
      history_first_refusal: asked.find((a) => a.refused !== null)?.refused ?? '',
      history_intervals_incomplete_after_settle: intervalsIncomplete,
      history_windows_given_up: givenUp,
      check_header_said_offline_in_each_outage: recovery.every((r) => r.wasOffline) ? 'pass' : 'FAIL',
      check_fresh_within_poll_plus_2s_after_each_outage: recovery.every((r) => r.freshMs <= POLL_MS + 2000) ? 'pass' : 'FAIL',
      // The script itself asks for two changes per outage (Offline and back) and one into the bad link.
      check_header_changes_only_those_the_script_makes: changes(headlines) <= 2 * outages.length + 2 ? 'pass' : 'FAIL',
      check_never_green_over_late_positions: greenOverStale === 0 ? 'pass' : 'FAIL',
      check_no_history_window_given_up: givenUp === 0 ? 'pass' : 'FAIL',
    });
    await page.close();
    return out;
  } finally {
    client?.close();
    await browser?.close();
    await host?.stop();
    sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
