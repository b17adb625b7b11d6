// @ts-check
import tseslint from 'typescript-eslint';
import htmlSinkRules from './scripts/lint/no-html-sinks.js';

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

/** Server text never reaches innerHTML (scripts/lint/no-html-sinks.js says how). */
const htmlSinks = {
  name: 'fleet/html-sinks',
  files: ['renderer/**/*.{ts,tsx}', 'common/**/*.ts'],
  plugins: { 'fleet-html': htmlSinkRules },
  rules: { 'fleet-html/no-html-sinks': 'error' },
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
  htmlSinks,
);
