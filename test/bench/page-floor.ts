/**
 * The machine's floor for a start's page: the console's own built page (`out/renderer`) served
 * as plain files by a server that does nothing else, loaded in a fresh context of the same
 * browser (no HTTP or compiled-code cache), as a warm start's page is. With no host behind it
 * the page finds no session and stops at its first screen, so what it measures is the browser's
 * part of a start: the navigation, the scripts fetched and evaluated, the first paint. A start's
 * page load above this floor is the host's serving and the console's own first work on a busy
 * machine; below it nothing the console does can go.
 */
import type { Browser } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPage, pageCpu } from './page-probe';
import { pct } from './stats';

const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.json': 'application/json' };
/** Loads measured; the median is reported, as one load here moves by a third. */
const LOADS = 3;

/** Serves `out/renderer` as files on an ephemeral loopback port; anything else is a 404. */
async function staticRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(RENDERER_DIR, path === '/' ? 'index.html' : path));
    if (!file.startsWith(RENDERER_DIR)) return void res.writeHead(404).end();
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * `floor_page_load_ms` (navigation to the load event) and `floor_page_first_contentful_paint_ms`
 * (navigation to it), and the page's main thread's CPU to its load event: the medians of LOADS loads.
 */
export async function pageLoadFloor(browser: Browser): Promise<Record<string, number>> {
  const server = await staticRenderer();
  const load: number[] = [];
  const paint: number[] = [];
  const cpu: number[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      // A context of its own, as a warm start's page has (startup.ts's blankPage), closed with the page.
      const page = await newPage(browser, { viewport: { width: 1600, height: 900 } });
      try {
        const cpuSoFar = await pageCpu(page);
        await page.goto(server.url, { waitUntil: 'load' });
        cpu.push(await cpuSoFar());
        // The first paint may come a frame after the load event.
        const t = await page.evaluate(async () => {
          // The page's entry types, which Node's typings do not name.
          const entries = (type: string) => (performance.getEntriesByType as (t: string) => Array<{ name: string; startTime: number; loadEventEnd?: number }>)(type);
          const fcp = () => entries('paint').find((e) => e.name === 'first-contentful-paint')?.startTime;
          for (let waited = 0; fcp() === undefined && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
          return { load: entries('navigation')[0]?.loadEventEnd ?? -1, paint: fcp() ?? -1 };
        });
        load.push(t.load);
        paint.push(t.paint);
      } finally {
        await page.close();
      }
    }
  } finally {
    await server.close();
  }
  return {
    floor_page_load_ms: Math.round(pct(load, 50)),
    floor_page_first_contentful_paint_ms: Math.round(pct(paint, 50)),
    floor_page_main_thread_cpu_to_load_ms: pct(cpu, 50),
  };
}
