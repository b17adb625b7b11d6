/**
 * The machine's floor for a map scenario's frames: a bare Leaflet page (no app, no layer of
 * ours), the same loopback tiles, map size, pan-and-zoom motion and places, measured in the
 * same run with the same service and host still running beside it. Without a GPU, Chromium
 * composites and rasterises tiles in software on these two cores; a frame figure at or near
 * this floor is what the machine allows, and the gap above it is what our layers cost.
 */
import type { Browser, Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { frameFigures, newPage, panAndZoom, preparePan, startFrameProbe, startRendererProfile, type PanPlaces } from './page-probe';
import { pct, r1 } from './stats';

const require = createRequire(import.meta.url);

export interface MapShape {
  /** The scenario map's size in CSS pixels, so the floor paints as many tiles. */
  width: number;
  height: number;
  /** Places the motion centres on when zoomed in (the scenario's own). */
  places: [number, number][];
}

/**
 * The size of the scenario's Leaflet map and up to `n` of its places, read from its page: the
 * live map's as `preparePan` takes them, so the floor's route is drawn from the same places.
 */
export async function mapShape(page: Page, on: 'live' | 'history', n = 1000): Promise<MapShape> {
  if (on === 'live') await preparePan(page, 'live', n);
  return page.evaluate(
    ({ on, n }) => {
      const g = globalThis as unknown as {
        __fleetMap?: { map: import('leaflet').Map };
        __historyMap?: { map: import('leaflet').Map; samplePoints(n: number): [number, number][] };
        __benchPan?: PanPlaces;
      };
      const hooks = on === 'history' ? g.__historyMap : g.__fleetMap;
      if (!hooks) throw new Error(`floor: the ${on} map is not on the page`);
      const size = hooks.map.getSize();
      const places = on === 'history' ? g.__historyMap!.samplePoints(n) : g.__benchPan!.places;
      return { width: size.x, height: size.y, places };
    },
    { on, n },
  );
}

/**
 * Frames of the bare map under the scenario's motion: the figures' usual names after `floor_`,
 * and the p95 to compare. `scenario` names its profile or trace (`<scenario>-floor`) when asked for.
 */
export async function bareMapFloor(browser: Browser, tileTemplate: string, shape: MapShape, ms: number, scenario: string) {
  if (shape.places.length === 0) throw new Error('floor: no places to move over');
  const page = await newPage(browser);
  try {
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"><div id="map" style="width:${shape.width}px;height:${shape.height}px"></div></body></html>`);
    // setContent runs no init script: tsx's `__name` helper (newPage) is defined here.
    await page.evaluate('globalThis.__name = (f) => f;');
    await page.addStyleTag({ path: require.resolve('leaflet/dist/leaflet.css') });
    await page.addScriptTag({ path: require.resolve('leaflet/dist/leaflet.js') });
    // The app's own map options where they change what is painted (no tile fade).
    await page.evaluate(
      ({ template, places }) =>
        new Promise<void>((resolve) => {
          const g = globalThis as unknown as { L: typeof import('leaflet'); __fleetMap: { map: import('leaflet').Map }; __fleetPositions: () => [number, number][] };
          const map = g.L.map('map', { preferCanvas: true, zoomControl: true, minZoom: 2, fadeAnimation: false }).setView([50, 10], 4);
          const tiles = g.L.tileLayer(template, { maxZoom: 19 }).addTo(map);
          g.__fleetMap = { map };
          g.__fleetPositions = () => places;
          tiles.once('load', () => resolve());
          setTimeout(resolve, 10_000);
        }),
      { template: tileTemplate, places: shape.places },
    );
    await page.waitForTimeout(1000);
    await preparePan(page, 'live');
    const stop = await startFrameProbe(page);
    const profiler = await startRendererProfile(page, `${scenario}-floor`);
    const panFrom = Date.now();
    await panAndZoom(page, ms, 'live');
    const panTo = Date.now();
    await profiler.stop();
    const probe = await stop();
    return { figures: frameFigures('floor_', probe), p95: r1(pct(probe.frames, 95)), panFrom, panTo };
  } finally {
    await page.close();
  }
}

/**
 * The floor of a first draw from navigation: a bare page served over loopback HTTP that
 * loads Leaflet, fetches `shape.places` as JSON (the sketch's part) and draws them as one
 * polyline over the same tiles, fitted. Page clock from navigation to the frame after the
 * one that drew it, marked as the History screen's first draw is (history-rig.ts). What a
 * page that does nothing else costs this machine before anything of ours runs.
 */
export async function bareFirstDrawFloor(browser: Browser, tileTemplate: string, shape: MapShape): Promise<number> {
  const files: Record<string, [string, string]> = {
    '/': [
      'text/html',
      `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/leaflet.css"></head><body style="margin:0">` +
        `<div id="map" style="width:${shape.width}px;height:${shape.height}px"></div><script src="/leaflet.js"></script><script>` +
        `fetch('/points.json').then((r) => r.json()).then((pts) => {` +
        `const map = L.map('map', { preferCanvas: true, fadeAnimation: false }).fitBounds(pts);` +
        `L.tileLayer(${JSON.stringify(tileTemplate)}, { maxZoom: 19 }).addTo(map);` +
        `L.polyline(pts, { weight: 1 }).addTo(map);` +
        `requestAnimationFrame(() => requestAnimationFrame(() => { window.__drawn = performance.now(); }));` +
        `});</script></body></html>`,
    ],
    '/leaflet.js': ['text/javascript', readFileSync(require.resolve('leaflet/dist/leaflet.js'), 'utf8')],
    '/leaflet.css': ['text/css', readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8')],
    '/points.json': ['application/json', JSON.stringify(shape.places)],
  };
  const server = createServer((req, res) => {
    const f = files[req.url ?? ''];
    if (!f) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': f[0], 'cache-control': 'no-store' }).end(f[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await newPage(browser);
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const drawn = await page.waitForFunction(() => (globalThis as unknown as { __drawn?: number }).__drawn, null, { timeout: 30_000, polling: 50 });
    return Math.round((await drawn.jsonValue()) as number);
  } finally {
    await page.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The machine's floor for the main side's stall: a Node process doing nothing but the same
 * event-loop monitor as the host's diagnostics (resolution 5 ms, the largest delay per
 * second), run beside the scenario while it pans. What it sees is the wait for one of the
 * two cores that any process gets here; the host's figure above it is its own work.
 */
export async function startIdleLoopProbe(): Promise<{ stop(): { stall_per_second_p99_ms: number; stall_max_ms: number; seconds: number } }> {
  const script = `
    const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    setInterval(() => { process.stdout.write((h.count ? h.max / 1e6 : 0) + '\\n'); h.reset(); }, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const maxes: number[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop()!;
    for (const l of lines) if (l.trim()) maxes.push(Number(l));
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return {
    stop() {
      child.kill();
      return { stall_per_second_p99_ms: r1(pct(maxes, 99)), stall_max_ms: r1(Math.max(0, ...maxes)), seconds: maxes.length };
    },
  };
}
