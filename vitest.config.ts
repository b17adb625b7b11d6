import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration suites each start a simulator and open SQLite files; two cores here.
    maxWorkers: 2,
    // electron-store runs through Vite so a test can stand in for `electron`, whose binary
    // cannot run (or be downloaded) here: test/integration/core/electron-store-settings.test.ts.
    server: { deps: { inline: ['electron-store'] } },
  },
});
