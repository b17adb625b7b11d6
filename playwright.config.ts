import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser; the e2e suite drives browser mode. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 860 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    },
    trace: 'off',
  },
});
