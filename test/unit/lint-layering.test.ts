import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A probe's relative imports must name real modules: an unresolved import passes every zone. */
function relativeImportsResolve(code: string, file: string): boolean {
  const specs = [...code.matchAll(/from '(\.[^']*)'/g)].map((m) => m[1]!);
  return specs.every((s) => ['.ts', '.tsx', '/index.ts'].some((ext) => existsSync(resolve(dirname(file), s) + ext)));
}

/**
 * The layering of DESIGN.md's "Layout" and the folders' READMEs is a lint error, not a
 * description: probes placed at real paths import real modules of another layer.
 */
describe('ESLint layering', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const LAYER_RULES = new Set(['import-x/no-restricted-paths', 'import-x/no-nodejs-modules', 'fleet/no-import-circle']);
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId));
  };

  it.each([
    ['renderer → main', "import { Dispatcher } from '../../main/core/rpc/dispatcher';\nexport const d = Dispatcher;\n", 'renderer/src/probe.ts'],
    ['renderer → main (type only)', "import type { Cache } from '../../main/core/cache';\nexport type C = Cache;\n", 'renderer/src/probe.ts'],
    ['renderer → node:*', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", 'renderer/src/probe.ts'],
    ['renderer → simulator', "import { startSimulator } from '../../simulator';\nexport const s = startSimulator;\n", 'renderer/src/probe.ts'],
    ['core → host', "import { embeddedDemo } from '../../host/demo';\nexport const e = embeddedDemo;\n", 'main/core/sync/probe.ts'],
    ['core → electron shell', "import { connectIpc } from '../electron/ipc';\nexport const c = connectIpc;\n", 'main/core/probe.ts'],
    ['core → simulator', "import { startSimulator } from '../../../simulator';\nexport const s = startSimulator;\n", 'main/core/history/probe.ts'],
    ['core/api → core/cache', "import { openCache } from '../cache';\nexport const o = openCache;\n", 'main/core/api/probe.ts'],
    ['simulator → main', "import { createCore } from '../main/core/app';\nexport const c = createCore;\n", 'simulator/probe.ts'],
    ['simulator → common', "import { FleetError } from '../../common/errors';\nexport const f = FleetError;\n", 'simulator/routes/probe.ts'],
    ['common → main', "import { createCore } from '../main/core/app';\nexport const c = createCore;\n", 'common/probe.ts'],
    ['common → npm other than zod', "import { jsonrepair } from 'jsonrepair';\nexport const j = jsonrepair;\n", 'common/probe.ts'],
    ['host → simulator internals', "import { Sim } from '../../simulator/sim';\nexport const s = Sim;\n", 'main/host/probe.ts'],
    ['electron shell → browser-mode server', "import * as server from '../host/server';\nexport const s = server;\n", 'main/electron/probe.ts'],
    ['preload → common', "import { FleetError } from '../common/errors';\nexport const f = FleetError;\n", 'preload/probe.ts'],
  ])('fails %s', async (_name, code, file) => {
    expect(relativeImportsResolve(code, file)).toBe(true);
    const problems = await lint(code, file);
    expect(problems.map((p) => p.ruleId)).not.toEqual([]);
    expect(problems.every((p) => p.severity === 2)).toBe(true);
  });

  it.each([
    ['renderer → common', "import { FleetError } from '../../common/errors';\nexport const f = FleetError;\n", 'renderer/src/probe.ts'],
    ['core → common, Node, npm', "import { FleetError } from '../../../common/errors';\nimport { join } from 'node:path';\nimport { z } from 'zod';\nexport const x = [FleetError, join, z];\n", 'main/core/sync/probe.ts'],
    ['core/history → core/cache', "import { openCache } from '../cache';\nexport const o = openCache;\n", 'main/core/history/probe.ts'],
    ['host → core and simulator/index', "import { createCore } from '../core/app';\nimport { startSimulator } from '../../simulator';\nexport const x = [createCore, startSimulator];\n", 'main/host/probe.ts'],
    ['main/index.ts → host/demo', "import { embeddedDemo } from './host/demo';\nexport const e = embeddedDemo;\n", 'main/index.ts'],
    ['simulator → its own files', "import { Sim } from './sim';\nexport const s = Sim;\n", 'simulator/probe.ts'],
    ['common → zod', "import { z } from 'zod';\nexport const s = z.string();\n", 'common/probe.ts'],
    ['test → everything', "import { createCore } from '../../main/core/app';\nimport { startSimulator } from '../../simulator';\nexport const x = [createCore, startSimulator];\n", 'test/unit/probe.ts'],
  ])('allows %s', async (_name, code, file) => {
    expect(relativeImportsResolve(code, file)).toBe(true);
    expect(await lint(code, file)).toEqual([]);
  });

  describe('import circles', () => {
    // The fixtures sit in a folder the repo's lint ignores; `ignore: false` lints them here.
    const fixtures = new ESLint({ cwd: process.cwd(), ignore: false });
    const circles = async (file: string) => {
      const [result] = await fixtures.lintFiles([`test/fixtures/eslint/circle/${file}`]);
      return result!.messages.filter((m) => m.ruleId === 'fleet/no-import-circle');
    };

    it.each(['a.ts', 'b.ts'])('fails a two-file circle of values in %s', async (file) => {
      const problems = await circles(file);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toMatch(/circle\/(a|b)\.ts → test\/fixtures\/eslint\/circle\/(a|b)\.ts → /);
    });

    it.each(['type-a.ts', 'type-b.ts'])('fails a circle of type-only imports in %s', async (file) => {
      expect(await circles(file)).toHaveLength(1);
    });

    it('a circle silenced on one import line still fails in the other file', async () => {
      expect(await circles('marked-a.ts')).toEqual([]);
      expect(await circles('marked-b.ts')).toHaveLength(1);
    });

    it('fails a probe at a real path that closes a circle through real modules', async () => {
      // contract.ts merges every method map, so a map that imported the contract would close one.
      const problems = await lint("import { methods } from '../contract';\nexport const m = methods;\n", 'common/methods/session.ts');
      expect(problems.map((p) => p.ruleId)).toContain('fleet/no-import-circle');
    });
  });
});
