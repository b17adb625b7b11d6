/**
 * What both history scenarios stand on: the simulator in its own process with one dense
 * object (30 days at 1 Hz, about 2.6 million points), the browser-mode host signed in to
 * it with a fresh cache, loopback tiles, and a page that opens the History screen by route
 * and notes, in the page's own clock, when the track is first drawn and when the whole
 * interval is in.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTileServer } from '../integration/tiles/tile-server';
import { startBrowserMode, type RunningHost } from '../e2e/support/browser-mode';
import { hostClient } from './host-client';
import { startSimulatorProcess } from './simulator-process';
import { note, within } from './stats';

// Page-side code below runs in Chromium; this project's Node typings have no DOM.
declare const requestAnimationFrame: (cb: (t: number) => void) => number;
declare const document: { querySelectorAll(s: string): Iterable<{ textContent: string | null }> };

const DAY = 86_400_000;
/** Objects 1..dense drive around the clock (simulator/world/generate.ts); the demo account sees object 1. */
const DENSE_OBJECT = 1;

export interface HistoryRig {
  host: RunningHost;
  objectId: number;
  from: number;
  till: number;
  /** The History screen of the interval, by route, with a fresh launch code (each read). */
  readonly url: string;
  /** The host's peak resident memory so far, MB (VmHWM; the sampled RSS where /proc has no VmHWM). */
  hostPeakMb(): number;
  /** The simulator's process id (its CPU time is read from /proc). */
  simulatorPid: number;
  /** The loopback tiles' URL template (the bare-map floor draws the same tiles). */
  tileTemplate: string;
  stop(): Promise<void>;
}

function procStatusKb(pid: number, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

export async function startHistoryRig(): Promise<HistoryRig> {
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-history-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
  note('history: starting the simulator (one dense object, 1 Hz), then the host');
  let sim: { baseUrl: string; pid: number; stop(): void } | null = null;
  let host: RunningHost | null = null;
  let sampler: ReturnType<typeof setInterval> | undefined;
  const stop = async () => {
    clearInterval(sampler);
    await host?.stop();
    sim?.stop();
    await tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    sim = await startSimulatorProcess(['--objects', '3', '--dense', '1', '--history-hz', '1']);
    const baseUrl = sim.baseUrl;
    host = await startBrowserMode({ dataDir, args: ['--server', baseUrl, '--poll-ms', '5000'] });
    const pid = host.pid;
    const running = host;
    let sampledKb = 0;
    sampler = setInterval(() => {
      sampledKb = Math.max(sampledKb, procStatusKb(pid, 'VmRSS') || 0);
    }, 200);
    const client = await within(30_000, "connecting to the host's socket", hostClient(host));
    try {
      await within(60_000, 'signing in to the simulator', client.call('session/signIn', { baseUrl, login: 'demo', password: 'demo' }));
    } finally {
      client.close();
    }
    // Whole days ending yesterday: nothing in the interval is the still-open recent edge.
    const till = Math.floor(Date.now() / DAY) * DAY - DAY;
    const from = till - 30 * DAY;
    return {
      host,
      objectId: DENSE_OBJECT,
      from,
      till,
      // A getter: each page load needs a fresh one-time launch code (host.url mints one).
      get url() {
        return `${running.url}#/history?o=${DENSE_OBJECT}&from=${from}&till=${till}`;
      },
      hostPeakMb: () => Math.round((procStatusKb(pid, 'VmHWM') || sampledKb) / 1024),
      simulatorPid: sim.pid,
      tileTemplate: tiles.template,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

export interface Opened {
  /** Page clock from navigation start to the end of the frame that first drew the track. */
  firstDrawMs: number;
  /** … to the frame where the screen said "Whole interval loaded.". */
  completeMs: number;
  points: number;
  /** Page clock when the screen first asked for the interval (history/overview or history/load). */
  requestSentMs: number;
  /** Page clock when the first big reply (over 1 MB: a track) was in the page: a socket message, or a held reply fetched over HTTP. */
  firstTrackReplyMs: number;
  /** Bytes the page received from the host (socket and held replies) until the interval was whole, MB. */
  receivedMb: number;
  /** Page clock when the host said its load was done (every window stored); NaN when nothing was fetched. */
  storedMs: number;
}

/** What the page counts of its traffic with the host (openHistory's init script; page clock). */
interface BenchSocket {
  requestSent?: number;
  firstBig?: number;
  loadDone?: number;
  bytes: number;
  /** Replies the host held for HTTP (BulkNotice): where, and their size. */
  bulk: { path: string; bytes: number }[];
}

/** Opens the rig's interval in `page` and waits (bounded) until it is whole. */
export async function openHistory(page: Page, rig: HistoryRig, timeouts: { firstDrawMs: number; completeMs: number }): Promise<Opened> {
  await page.addInitScript(() => {
    const g = globalThis as unknown as { __historyTrackDrawn?: () => number; __benchMarks: { seen?: number; firstDraw?: number; complete?: number } };
    const marks: { seen?: number; firstDraw?: number; complete?: number } = {};
    g.__benchMarks = marks;
    const poll = () => {
      const t = performance.now();
      // Seen with points in one frame, the layer draws on that frame or the next: the frame
      // after the one it was seen in starts once it is painted.
      if (marks.seen !== undefined && marks.firstDraw === undefined) marks.firstDraw = t;
      if (marks.seen === undefined && (g.__historyTrackDrawn?.() ?? 0) > 0) marks.seen = t;
      if (marks.complete === undefined && [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent?.includes('Whole interval loaded.'))) marks.complete = t;
      if (marks.firstDraw === undefined || marks.complete === undefined) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  // Where the time goes between the host and the screen, in the page's clock: when it
  // asked for the interval, when the first track-sized reply (over 1 MB) was in the page
  // (a socket message, or a reply the host held for HTTP: common/envelope.ts BulkNotice),
  // and how much came over both in all. Held replies are counted from their notices and
  // timed by the browser's resource timing: reading a copy of each body here cost the page
  // a second pass over tens of MB, inside the figure it measures.
  await page.addInitScript(() => {
    const g = globalThis as unknown as {
      WebSocket: new (url: string) => WsLike;
      __benchSocket: BenchSocket;
    };
    interface WsLike {
      send(d: string): void;
      addEventListener(t: 'message', fn: (e: { data: unknown }) => void): void;
    }
    const stats: BenchSocket = { bytes: 0, bulk: [] };
    g.__benchSocket = stats;
    performance.setResourceTimingBufferSize(100_000);
    const Base = g.WebSocket;
    g.WebSocket = class extends (Base as unknown as new (url: string) => WsLike) {
      constructor(url: string) {
        super(url);
        this.addEventListener('message', (e) => {
          const n = typeof e.data === 'string' ? e.data.length : e.data instanceof ArrayBuffer ? e.data.byteLength : 0;
          stats.bytes += n;
          if (stats.firstBig === undefined && n > 1_000_000) stats.firstBig = performance.now();
          if (typeof e.data !== 'string') return;
          if (e.data.startsWith('{"type":"bulk"')) {
            const notice = JSON.parse(e.data) as { path: string; bytes: number };
            stats.bulk.push({ path: notice.path, bytes: notice.bytes });
            stats.bytes += notice.bytes;
          }
          // The host's push that the load's last window is stored: the rest is the screen's.
          if (stats.loadDone === undefined && e.data.includes('"history/progress"') && e.data.includes('"done":true')) stats.loadDone = performance.now();
        });
      }
      override send(d: string) {
        if (stats.requestSent === undefined && (d.includes('"history/load"') || d.includes('"history/overview"'))) stats.requestSent = performance.now();
        super.send(d);
      }
    } as unknown as typeof Base;
  });
  await page.goto(rig.url);
  const mark = (name: 'firstDraw' | 'complete', timeout: number) =>
    page
      .waitForFunction((n) => (globalThis as unknown as { __benchMarks: Record<string, number | undefined> }).__benchMarks[n], name, { timeout, polling: 100 })
      .then((h) => h.jsonValue() as Promise<number>)
      .catch(async (e: unknown) => {
        const status = await page
          .getByRole('status')
          .or(page.getByRole('alert'))
          .allTextContents()
          .catch(() => []);
        throw new Error(`history: no ${name === 'firstDraw' ? 'drawn track' : '"Whole interval loaded."'} within ${timeout / 1000} s (screen says: ${JSON.stringify(status)}): ${String(e)}`);
      });
  const firstDrawMs = await mark('firstDraw', timeouts.firstDrawMs);
  const completeMs = await mark('complete', timeouts.completeMs);
  const caption = (await page.getByText(/ points$/).first().textContent({ timeout: 10_000 })) ?? '';
  const points = Number(/([\d,]+) points$/.exec(caption)?.[1]?.replace(/,/g, '') ?? NaN);
  if (!caption.startsWith('Shuttle')) throw new Error(`history: expected the dense object (a Shuttle), the screen shows "${caption}"`);
  const sock = await page.evaluate(() => {
    const s = (globalThis as unknown as { __benchSocket: BenchSocket }).__benchSocket;
    const held = performance.getEntriesByType('resource') as unknown as { name: string; responseEnd: number }[];
    const arrived = s.bulk.filter((b) => b.bytes > 1_000_000).map((b) => held.find((e) => e.name.includes(b.path))?.responseEnd ?? Infinity);
    const firstBig = Math.min(s.firstBig ?? Infinity, ...arrived);
    return { ...s, firstBig: Number.isFinite(firstBig) ? firstBig : undefined };
  });
  return {
    firstDrawMs: Math.round(firstDrawMs),
    completeMs: Math.round(completeMs),
    points,
    requestSentMs: Math.round(sock.requestSent ?? NaN),
    firstTrackReplyMs: Math.round(sock.firstBig ?? NaN),
    receivedMb: Math.round(sock.bytes / 2 ** 20),
    storedMs: Math.round(sock.loadDone ?? NaN),
  };
}
