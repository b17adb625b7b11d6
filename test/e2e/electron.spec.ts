import { _electron as electron, expect, test } from './support/test';
import { mkdtempSync } from 'node:fs';
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
});
