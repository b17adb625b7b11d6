/**
 * The Linux package `npm run dist` leaves in dist/linux-unpacked: its fuses read back from
 * the binary, the asar with better-sqlite3's prebuild beside it, and the app opening the demo
 * fleet. Runs only after `npm run dist` on Linux x64 (it needs the Electron binary, which
 * cannot be downloaded on every machine). The --inspect fuse is off, so Playwright reaches
 * the window over Chromium's DevTools port, not by launching Electron itself.
 */
import { chromium, expect, test } from './support/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';

const appDir = join(import.meta.dirname, '..', '..', 'dist', 'linux-unpacked');
const binary = join(appDir, 'fleet-console');
const packaged = process.platform === 'linux' && process.arch === 'x64' && existsSync(binary);

test.describe('packaged app (Linux)', () => {
  test.skip(!packaged, 'no Linux x64 package in dist/ (npm run dist needs the Electron binary, which cannot be downloaded here)');

  test('has its fuses set and better-sqlite3 outside the asar', async () => {
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(existsSync(join(appDir, 'resources', 'app.asar'))).toBe(true);
    expect(readdirSync(join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'prebuilds')).sort()).toEqual([
      'linux-arm64.node',
      'linux-x64.node',
      'linuxmusl-arm64.node',
      'linuxmusl-x64.node',
    ]);
  });

  test('opens the demo fleet, its cache on better-sqlite3 from the package', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-packaged-'));
    const child = spawn(binary, ['--data-dir', dataDir, '--remote-debugging-port=0', ...(process.env.CI ? ['--no-sandbox'] : [])], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stderr!.on('data', (d: Buffer) => {
          seen += d.toString();
          const m = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`the packaged app exited (${code}) before opening: ${seen}`)));
      });
      const browser = await chromium.connectOverCDP(endpoint);
      const context = browser.contexts()[0]!;
      const page = context.pages().find((p) => p.url().startsWith('fleet://')) ?? (await context.waitForEvent('page'));
      await expect(page.getByRole('grid', { name: 'Object list' })).toBeVisible({ timeout: 30_000 });
      // The demo's objects reached the list through the cache, so the native module loaded.
      await expect(page.getByRole('grid', { name: 'Object list' }).getByRole('row').nth(1)).toBeVisible();
      expect(readdirSync(dataDir).some((f) => f.endsWith('.sqlite'))).toBe(true);
      await browser.close();
    } finally {
      child.kill();
    }
  });
});
