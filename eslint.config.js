// @ts-check
import tseslint from 'typescript-eslint';
import htmlSinkRules from './scripts/lint/no-html-sinks.js';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importCircles from './scripts/lint/import-circles.js';
import i18next from 'eslint-plugin-i18next';

/**
 * Electron 45 downloads its binary on the first `require('electron')` from Node, so a
 * single stray import outside the Electron shell breaks browser mode and every test.
 * `electron-store` imports electron too (core uses `conf`).
 */
const electronBan = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'electron', message: 'Only main/index.ts, main/electron/ and preload/ may import electron.' },
        { name: 'electron-store', message: 'electron-store imports electron; use conf in core.' },
      ],
      patterns: [{ group: ['electron/*'], message: 'Only main/index.ts, main/electron/ and preload/ may import electron.' }],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.name='require'][arguments.0.value=/^electron(-store)?$/]",
      message: 'Only main/index.ts, main/electron/ and preload/ may require electron.',
    },
    {
      selector: "ImportExpression[source.value=/^electron(-store)?$/]",
      message: 'Only main/index.ts, main/electron/ and preload/ may import electron.',
    },
  ],
};

/**
 * Layering: who may import what, as DESIGN.md's "Layout" and each folder's README say.
 * Zones match resolved files, so `../x` and `../../x` to the same place are the same import,
 * and `import type` counts: a type from another layer ties the two layers together too.
 */
const SOURCE = ['common/**/*.ts', 'main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}', 'simulator/**/*.ts'];
const layerZones = [
  { target: 'common', from: ['main', 'preload', 'renderer', 'simulator', 'test'], message: 'common/ is the contract: it imports zod and its own files only.' },
  { target: 'common', from: 'node_modules', except: ['zod'], message: 'common/ is the contract: it imports zod and its own files only.' },
  { target: 'main/core', from: ['main/host', 'main/electron', 'main/index.ts', 'preload', 'renderer', 'simulator', 'test'], message: 'main/core/ is host-neutral: common, Node and npm packages only; the hosts import it, not the other way round.' },
  { target: 'main/core/api', from: ['main/core/!(api)/**', 'main/core/*.ts'], message: 'main/core/api/ is a leaf: the cache, sync and session import it, not the other way round.' },
  { target: 'main/core/cache', from: ['main/core/!(cache|seams)/**', 'main/core/*.ts'], message: 'main/core/cache/ is a leaf: it imports common, Node and better-sqlite3 only.' },
  { target: 'main/core/cache', from: 'main/core/seams', except: ['private-files.ts'], message: 'main/core/cache/ takes from seams/ only the 0600 file helpers.' },
  { target: 'main/host', from: ['main/electron', 'main/index.ts', 'preload', 'renderer', 'test'], message: 'main/host/ (browser mode) imports core, common and the simulator for the demo.' },
  { target: 'main/host', from: 'simulator', except: ['index.ts'], message: 'The simulator is imported only through simulator/index.ts.' },
  { target: ['main/electron', 'main/index.ts'], from: ['common', 'preload', 'renderer', 'simulator', 'test'], message: 'The Electron shell imports core, host/demo and electron.' },
  { target: ['main/electron', 'main/index.ts'], from: 'main/host', except: ['demo.ts'], message: 'The Electron shell shares only the embedded demo with browser mode.' },
  { target: 'preload', from: ['common', 'main', 'renderer', 'simulator', 'test'], message: 'preload/ imports electron only.' },
  { target: 'renderer', from: ['main', 'preload', 'simulator', 'test'], message: 'renderer/ talks to the main side through common/ and src/rpc/ only.' },
  { target: 'simulator', from: ['common', 'main', 'preload', 'renderer', 'test'], message: 'simulator/ stands alone (Node and npm packages): it is the service, not the app.' },
];
const layering = {
  name: 'fleet/layering',
  files: SOURCE,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createTypeScriptImportResolver({ project: ['tsconfig.node.json', 'tsconfig.web.json'], noWarnOnMultipleProjects: true }),
    ],
  },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }] },
};
/** The page and the contract run in the browser too: no Node built-ins there. */
const noNodeInBrowser = {
  name: 'fleet/layering-browser',
  files: ['common/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  rules: { 'import-x/no-nodejs-modules': 'error' },
};
/** No import circles anywhere, type-only ones included (scripts/lint/import-circles.js says why). */
const noCircles = {
  name: 'fleet/import-circles',
  files: ['**/*.{ts,tsx}'],
  plugins: { fleet: importCircles },
  rules: { 'fleet/no-import-circle': 'error' },
};

/** Server text never reaches innerHTML (scripts/lint/no-html-sinks.js says how). */
const htmlSinks = {
  name: 'fleet/html-sinks',
  files: ['renderer/**/*.{ts,tsx}', 'common/**/*.ts'],
  plugins: { 'fleet-html': htmlSinkRules },
  rules: { 'fleet-html/no-html-sinks': 'error' },
};

/**
 * Words an operator reads go through i18next: a literal in JSX text, or in an attribute that is
 * read out or shown (label, title, placeholder…), fails. Other attributes (roles, ids, types)
 * are not words.
 */
const I18N_SHOWN_ATTRIBUTES = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'title', 'placeholder', 'alt', 'label', 'caption', 'heading', 'hint', 'message', 'text', 'emptyText', 'confirmLabel'];
const literalWords = {
  name: 'fleet/i18n-literal-words',
  files: ['renderer/src/**/*.tsx'],
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      { mode: 'jsx-only', 'jsx-attributes': { include: I18N_SHOWN_ATTRIBUTES }, words: { exclude: ['[0-9!-/:-@[-`{-~\\s·…—–×↑↓←→▲▼●○✓✕]+', '[A-Z_-]+'] } },
    ],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'playwright-report/', 'test/artifacts/', 'test/fixtures/eslint/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...electronBan,
    },
  },
  {
    files: ['main/index.ts', 'main/electron/**', 'preload/**', 'test/electron/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  layering,
  noNodeInBrowser,
  noCircles,
  htmlSinks,
  literalWords,
);
