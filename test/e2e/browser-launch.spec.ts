/**
 * Browser mode's launch: the printed link's one-time code becomes the tab's session (reloads
 * keep working, the link itself is then worth nothing), and one data folder has one host.
 */
import { expect, test, type Page } from './support/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserMode } from './support/browser-mode';

async function showsTheFleet(page: Page) {
  await expect(page.getByRole('grid', { name: 'Object list' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Connection and data age' })).toContainText('Online');
}

/** `node out/main/host.js` on `dataDir`, run to its end: its exit code and output. */
function startAgain(dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['out/main/host.js', '--no-open', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DISPLAY: '' } });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    // Bounded: a second start that served instead of refusing is ended and fails below.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

test('the launch link becomes the tab’s session: reloads work, the link does not work twice', async ({ page, browser }) => {
  const host = await startBrowserMode();
  try {
    const link = host.url;
    await page.goto(link);
    await showsTheFleet(page);
    // The code left the address bar (and so the history entry).
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    await page.reload();
    await showsTheFleet(page);

    // The same link in a browser without this tab's session: refused, and it says why.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto(link);
    await expect(stranger.getByRole('alert')).toContainText('used already or has expired');
    await expect(stranger.getByRole('alert')).not.toContainText('Sign in again');
    await stranger.screenshot({ path: join(tmpdir(), 'fleet-browser-launch-used-link.png') });
    await other.close();
    // ...while the tab that traded it serves on.
    await page.reload();
    await showsTheFleet(page);
  } finally {
    await host.stop();
  }
});

test('one host per data folder: a second start points at the first; after a kill, a start takes over', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-lock-'));
  const first = await startBrowserMode({ dataDir });
  let third: Awaited<ReturnType<typeof startBrowserMode>> | null = null;
  try {
    expect(statSync(join(dataDir, 'host.json')).mode & 0o777).toBe(0o600);
    const second = await startAgain(dataDir);
    expect(second.code).toBe(0);
    const line = new RegExp(`^Fleet Console is already running on ${dataDir} \\(pid ${first.pid}\\); open it at (${first.origin.replace(/\./g, '\\.')}/\\?code=\\S+)$`, 'm');
    expect(second.out).toMatch(line);
    expect(second.out.trim().split('\n')).toHaveLength(1);
    // The link it printed opens the running console.
    await page.goto(line.exec(second.out)![1]!);
    await showsTheFleet(page);

    process.kill(first.pid, 'SIGKILL');
    await first.stop();
    third = await startBrowserMode({ dataDir });
    expect(third.pid).not.toBe(first.pid);
    await page.goto(third.url);
    await showsTheFleet(page);
  } finally {
    await first.stop();
    await third?.stop();
  }
});

test('a start leaves the host’s compiled code for the next one (Node’s compile cache), its worker threads’ too', async () => {
  // The per-user cache folder (Linux's XDG_CACHE_HOME), not NODE_COMPILE_CACHE, which Node obeys by itself.
  const cacheHome = mkdtempSync(join(tmpdir(), 'fleet-cache-home-'));
  // Node's own compile-cache log says what it wrote and what it read back.
  const env = { XDG_CACHE_HOME: cacheHome, NODE_COMPILE_CACHE: '', NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
  const first = await startBrowserMode({ env });
  try {
    // A worker keeps its code once its role has loaded (the demo's poll ingestor, the tile loader's at its first tile).
    await expect.poll(() => first.output(), { timeout: 15_000 }).toMatch(/writing cache for ESM \S+\/worker\.js/);
  } finally {
    await first.stop();
  }
  const cacheDir = join(cacheHome, 'fleet-console', 'compile-cache');
  // One entry per module compiled: the entry, the host's chunks and the bundled libraries'.
  const entries = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(entries.length).toBeGreaterThan(3);
  // The next start's workers read their code from it.
  const again = await startBrowserMode({ env });
  try {
    await expect.poll(() => again.output(), { timeout: 15_000 }).toMatch(/V8 code cache for ESM \S+\/worker\.js was accepted/);
  } finally {
    await again.stop();
  }
});
