import { _electron as electron, expect, test } from './support/test';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinary } from './support/electron-binary';

/** The Electron binary is downloaded on first use; machines without internet have none. */
const binary = electronBinary();

test.describe('Electron build', () => {
  test.skip(!binary, 'the Electron binary is not installed on this machine (no download possible); browser mode covers the same core');

  test('opens the demo fleet in a locked-down window', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      args: ['.', '--data-dir', mkdtempSync(join(tmpdir(), 'fleet-electron-')), ...(process.env.CI ? ['--no-sandbox'] : [])],
    });
    const win = await app.firstWindow();
    await expect(win.getByRole('grid', { name: 'Object list' })).toBeVisible({ timeout: 30_000 });
    expect(await win.evaluate(() => Object.keys((globalThis as unknown as { fleet: object }).fleet).sort())).toEqual(['onPush', 'rpc']);
    // Node stays out of the page: no require, no process.
    expect(await win.evaluate(() => [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process])).toEqual(['undefined', 'undefined']);
    // Navigation away from the app is refused.
    await win.evaluate(() => {
      (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
    });
    await win.waitForTimeout(500);
    expect(win.url()).toMatch(/^fleet:\/\/app\//);
    await app.close();
  });

  test('keeps the page\'s compiled scripts from its first launch, so the next launch does not compile them again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-electron-'));
    const app = await electron.launch({ executablePath: binary!, args: ['.', '--data-dir', dataDir, ...(process.env.CI ? ['--no-sandbox'] : [])] });
    const win = await app.firstWindow();
    await expect(win.getByRole('grid', { name: 'Object list' })).toBeVisible({ timeout: 30_000 });
    // A script's first load leaves only a small timestamp entry unless the heat check is bypassed,
    // and none at all for a custom scheme without `codeCache`: the bundle's code is hundreds of KB.
    await expect.poll(() => codeCacheBytes(dataDir), { timeout: 15_000 }).toBeGreaterThan(100_000);
    await app.close();
  });
});

/** Bytes in Chromium's script cache (`Code Cache/js`) under the data folder, wherever the session put it. */
function codeCacheBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(e.parentPath, e.name);
    if (e.isFile() && /[\\/]Code Cache[\\/]js[\\/]/.test(path)) total += statSync(path).size;
  }
  return total;
}
