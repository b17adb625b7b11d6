import { defineConfig } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from './test/support/chromium';

/** The e2e suite drives browser mode in Debian's Chromium. */
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
      args: chromiumArgs('--disable-gpu', '--no-first-run'),
    },
    trace: 'off',
  },
});
