import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The rule that keeps browser mode alive: electron may be imported only by the Electron shell. */
describe('ESLint electron boundary', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax');
  };

  it.each([
    ["import { app } from 'electron';\nexport const a = app;\n", 'main/core/sync/bad.ts'],
    ["import Store from 'electron-store';\nexport const s = Store;\n", 'main/core/seams/bad.ts'],
    ["const e = require('electron');\nexport default e;\n", 'main/host/bad.ts'],
    ["export const load = () => import('electron');\n", 'renderer/src/bad.ts'],
    ["import { app } from 'electron';\nexport const a = app;\n", 'simulator/bad.ts'],
  ])('fails %j in %s', async (code, file) => {
    const problems = await lint(code, file);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.severity).toBe(2);
  });

  it.each(['main/index.ts', 'main/electron/window2.ts', 'preload/other.ts'])('allows it in %s', async (file) => {
    expect(await lint("import { app } from 'electron';\nexport const a = app;\n", file)).toEqual([]);
  });
});
