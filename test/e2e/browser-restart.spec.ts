/**
 * A tab outlives its console: while the host is gone it says so, and when the host is started
 * again on the same data folder it reconnects with its session (same address, no new link) and
 * re-reads its screen. A host on a new key refuses the session, and the tab says that instead.
 */
import { expect, test, type Page } from './support/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_NAME } from '../../main/host/host-key';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

const NOT_RUNNING = 'The console is not running (or was restarted): reconnecting…';
const NO_LONGER_VALID = 'This tab’s link is no longer valid: open the console’s new link.';

const badge = (page: Page) => page.getByRole('status', { name: 'Connection and data age' });

async function showsTheFleet(page: Page) {
  await expect(page.getByRole('grid', { name: 'Object list' })).toBeVisible();
  await expect(badge(page)).toContainText('Online');
}

/** Opens the console in `page` and ends its host as a crash would; the page's later navigations are counted. */
async function openThenKill(page: Page, host: RunningHost): Promise<{ navigations: () => number; address: string }> {
  await page.goto(host.url);
  await showsTheFleet(page);
  const address = page.url();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  process.kill(host.pid, 'SIGKILL');
  await host.stop();
  return { navigations: () => navigations, address };
}

test('after its host is killed, the tab says the console is not running, then reconnects to a restart on the same folder', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-restart-'));
  const first = await startBrowserMode({ dataDir, rememberedPort: true });
  let second: RunningHost | null = null;
  try {
    const { navigations, address } = await openThenKill(page, first);
    const banner = page.getByRole('alert').filter({ hasText: NOT_RUNNING });
    await expect(banner).toBeVisible();
    // The last state read is not shown as live.
    await expect(badge(page)).not.toContainText('Online');
    await page.screenshot({ path: join(tmpdir(), 'fleet-browser-restart-down.png') });

    second = await startBrowserMode({ dataDir, rememberedPort: true });
    expect(second.origin).toBe(first.origin);
    await expect(banner).toBeHidden({ timeout: 30_000 });
    await showsTheFleet(page);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(page.url()).toBe(address);
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    expect(navigations()).toBe(0);
    await page.screenshot({ path: join(tmpdir(), 'fleet-browser-restart-back.png') });
  } finally {
    await first.stop();
    await second?.stop();
  }
});

test('a restart with the folder’s key deleted refuses the tab’s session, and the tab says its link is no longer valid', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-restart-'));
  const first = await startBrowserMode({ dataDir, rememberedPort: true });
  let second: RunningHost | null = null;
  try {
    await openThenKill(page, first);
    await expect(page.getByRole('alert').filter({ hasText: NOT_RUNNING })).toBeVisible();
    // The port is kept in the same file: the new host takes it again only when told to.
    rmSync(join(dataDir, KEY_NAME));
    second = await startBrowserMode({ dataDir, args: ['--port', new URL(first.origin).port] });
    await expect(page.getByRole('alert').filter({ hasText: NO_LONGER_VALID })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: NOT_RUNNING })).toBeHidden();
    await page.screenshot({ path: join(tmpdir(), 'fleet-browser-restart-refused.png') });
  } finally {
    await first.stop();
    await second?.stop();
  }
});
