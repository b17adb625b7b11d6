/**
 * Installers (`npm run dist`, for the platform it runs on): Linux AppImage and deb, Windows
 * NSIS, macOS dmg. The app is the electron-vite build (out/) in an asar; better-sqlite3's
 * Node-API prebuilds load in Electron as they are, so nothing is rebuilt, and they sit outside
 * the asar (a shared library cannot be loaded from inside one). Fuses:
 * scripts/after-pack-fuses.mjs. What this covers and what was never run here:
 * resources/README.md.
 */
import type { Configuration } from 'electron-builder';

/**
 * The update feed electron-updater reads (app-update.yml in the package). Not a real server:
 * whoever publishes builds sets FLEET_UPDATE_URL when running `npm run dist`, and the app
 * still never asks it unless updates are switched on (main/electron/updater.ts).
 */
export const UPDATE_FEED_PLACEHOLDER = 'https://updates.invalid/fleet-console/';

const config: Configuration = {
  appId: 'app.fleet-console.desktop',
  productName: 'Fleet Console',
  executableName: 'fleet-console',
  copyright: 'Copyright © Fleet Console authors',
  directories: { output: 'dist', buildResources: 'resources' },
  // One list for every platform: a platform's own `files` made electron-builder pack the whole
  // repository when tried with a stub Electron (resources/README.md). So each package carries
  // all eight better-sqlite3 prebuilds (about 17 MB); its sources (10 MB) are left out.
  files: [
    'out/**/*',
    '!out/**/*.map',
    '!out/main/host.js',
    'package.json',
    '!node_modules/better-sqlite3/{deps,src}{,/**/*}',
    '!node_modules/better-sqlite3/binding.gyp',
  ],
  asar: true,
  asarUnpack: ['node_modules/better-sqlite3/prebuilds/*.node'],
  // The prebuilds are Node-API: the same file loads in Node and Electron. A rebuild would
  // fetch Electron's headers and need a compiler.
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  afterPack: './scripts/after-pack-fuses.mjs',
  publish: { provider: 'generic', url: process.env.FLEET_UPDATE_URL ?? UPDATE_FEED_PLACEHOLDER, channel: 'latest' },
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'Utility',
    synopsis: 'Desktop console for GPS fleet monitoring',
    maintainer: 'Fleet Console maintainers <maintainers@fleet-console.invalid>',
  },
  win: {
    target: ['nsis'],
    icon: 'resources/icon.ico',
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  mac: {
    target: ['dmg'],
    icon: 'resources/icon.icns',
    category: 'public.app-category.business',
    hardenedRuntime: true,
  },
  dmg: {},
};

export default config;
