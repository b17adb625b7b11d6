import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/**
 * One build for both hosts: the main bundle has two entries, the Electron shell
 * (main/index.ts) and the browser-mode host (main/host/cli.ts) that plain Node runs.
 * They share the core chunks; only the first imports electron.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Pure-JS libraries are bundled (and tree-shaken): resolved one file at a time at
      // start, date-fns and zod cost the host 1.8 s of module resolution (package scope
      // lookups) and 1 s of GC before it listened; conf, ajv and jose a tenth of its start.
      externalizeDeps: { exclude: ['date-fns', '@date-fns/tz', 'zod', 'jsonrepair', 'conf', 'ajv', 'ajv-formats', 'jose', 'p-queue', 'p-timeout', 'lru-cache'] },
      rollupOptions: {
        input: {
          index: resolve('main/index.ts'),
          host: resolve('main/host/start.ts'),
          // Worker threads load their own entry file.
          worker: resolve('main/core/workers/entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be one CommonJS file with nothing to require but electron.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('renderer'),
    base: './',
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
      chunkSizeWarningLimit: 2000,
      // electron-vite leaves the renderer unminified by default: 1.74 MB that every window
      // parses and caches code for at start (0.85 MB minified).
      minify: process.env.FLEET_NO_MINIFY ? false : true,
    },
    plugins: [react()],
  },
});
