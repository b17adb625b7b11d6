/**
 * Browser mode's entry: the core behind HTTP + WebSocket on 127.0.0.1. Prints the one
 * line a user needs (`Fleet Console: http://127.0.0.1:<port>/?code=…`, a one-time launch
 * code) and opens the system browser when there is a display. One host per data folder:
 * a second start prints a fresh link to the running one instead (data-lock.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../core/seams/data-dir';
import { lockDataDir, readOwner } from './data-lock';
import { loadHostKey, rememberPort } from './host-key';
import { mintLaunchCode } from './launch-code';
import type { OpenedCore } from './open-core';
import { startHost } from './server';

function openBrowser(url: string) {
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) return;
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    spawn(cmd, [url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
  } catch {
    /* no browser launcher: the printed URL is enough */
  }
}

/** Set once the host runs: closes it, the core and the lock in order. */
let stopHost: ((code: number) => Promise<void>) | null = null;

/** Errors of one client's connection: they leave nothing of ours half-done. */
const CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

// The host's output may close under it (the terminal or the program that started it went
// away). A write there then fails on the stream itself: unheard, that was an uncaught
// exception whose report to the same stream failed again, without end, at full CPU, and the
// host no longer answered. Output with nowhere to go is dropped.
for (const out of [process.stdout, process.stderr]) out.on('error', () => {});

// A rejection nobody awaited has already ended the work it belonged to; the state it
// touched is what a caught failure would have left, so the host serves on.
process.on('unhandledRejection', (reason) => console.error('Fleet Console: an unexpected rejection (still serving):', reason));
// A throw no handler caught may have stopped the core half-way through a change (a cache
// write, an outbox replay): serving on from there could act on that state. Only a broken
// client connection is known to be harmless; anything else stops cleanly (the cache and the
// outbox are on disk, and the next start picks them up).
process.on('uncaughtException', (e) => {
  if (CONNECTION_ERRORS.has((e as NodeJS.ErrnoException).code ?? '')) {
    console.error(`Fleet Console: a client connection failed (still serving): ${e.message}`);
    return;
  }
  console.error('Fleet Console: an unexpected error; stopping:', e);
  if (stopHost) void stopHost(1);
  else process.exit(1);
});

async function main(here: string) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      server: { type: 'string' },
      'data-dir': { type: 'string' },
      'demo-objects': { type: 'string' },
      'poll-ms': { type: 'string' },
      'bulk-bytes': { type: 'string' },
      browser: { type: 'boolean', default: true },
    },
    strict: false,
  });
  const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir();
  const staticDir = join(here, '..', 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) {
    console.error(`The renderer is not built (${staticDir}): run npm run build.`);
    process.exit(1);
  }
  const lock = await lockDataDir(dataDir, (e) => {
    console.error(`Fleet Console: lost the lock on ${dataDir} (${e.message}); stopping so that two consoles never share it.`);
    void stopHost?.(1);
  });
  if (!lock.held) {
    const owner = lock.owner ?? (await readOwner(dataDir));
    if (owner?.origin && owner.secret) {
      const url = `${owner.origin}/?code=${mintLaunchCode(owner.secret)}`;
      console.log(`Fleet Console is already running on ${dataDir} (pid ${owner.pid}); open it at ${url}`);
      if (!values['no-open']) openBrowser(url);
      process.exit(0);
    }
    console.error(`Fleet Console is already starting on ${dataDir}${owner ? ` (pid ${owner.pid})` : ''}; its lock is ${lock.lockPath}. Try again in a moment.`);
    process.exit(1);
  }
  // Read under the lock: the folder's secret keeps open tabs' sessions valid across restarts.
  const key = await loadHostKey(dataDir);
  // The core loads once the host listens, so the page loads beside it (decision 0084).
  let beginCore!: () => void;
  const coreLoad: Promise<OpenedCore> = new Promise<void>((resolve) => (beginCore = resolve)).then(async () => {
    const { openCore } = await import('./open-core');
    return openCore({
      dataDir,
      workerScript: join(here, 'worker.js'),
      ...(values.server ? { server: String(values.server) } : {}),
      ...(values['poll-ms'] ? { pollMs: Number(values['poll-ms']) } : {}),
      ...(values['demo-objects'] ? { demoObjects: Number(values['demo-objects']) } : {}),
    });
  });
  // Whatever stops the host before the core came (a failed load included) has its own report.
  coreLoad.catch(() => {});
  const host = await startHost({
    core: coreLoad.then(({ core }) => core),
    staticDir,
    secret: key.secret,
    // `--port` wins (0: any); otherwise the last start's port first, so open tabs find this one.
    ...(values.port !== undefined ? { port: Number(values.port) } : { port: 0, preferredPort: key.port }),
    // Tests lower it, so that their replies take the HTTP path too.
    ...(values['bulk-bytes'] ? { bulkBytes: Math.max(1024, Number(values['bulk-bytes'])) } : {}),
    log: (msg) => console.error(`host: ${msg}`),
  });
  let stopping: Promise<void> | null = null;
  stopHost = (code) =>
    (stopping ??= (async () => {
      await host.close().catch((e: unknown) => console.error('Fleet Console: closing the host:', e));
      const opened = await coreLoad.catch(() => null);
      await opened?.core.close().catch((e: unknown) => console.error('Fleet Console: closing the core:', e));
      await opened?.closeDemo().catch(() => {});
      await lock.release().catch(() => {});
      process.exit(code);
    })());
  process.on('SIGINT', () => void stopHost?.(0));
  process.on('SIGTERM', () => void stopHost?.(0));
  await lock.describe({ origin: host.origin, secret: host.secret });
  await rememberPort(dataDir, key, host.port);
  console.log(`Fleet Console: ${host.url}`);
  if (!values['no-open']) openBrowser(host.url);
  beginCore();
  try {
    await coreLoad;
  } catch (e) {
    console.error('Fleet Console: the core could not start:', e);
    await stopHost(1);
  }
}

/** Runs the host; `bundleDir` is where the built entry lies (the renderer and the worker are beside it). */
export function runHost(bundleDir: string): void {
  void main(bundleDir).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
