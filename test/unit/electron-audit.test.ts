/**
 * Electronegativity over the Electron side (main/electron, main/index.ts, preload, and the
 * page and CSP they load): no finding of MEDIUM or higher unless test/electron-audit-accepted.json
 * says why it is acceptable. An accepted entry names the source facts its reason rests on, so
 * the reason cannot outlive them, and an entry no finding needs any more fails too.
 *
 * Offline: the tool fetches its translations at start (through `got`), which is refused here
 * before it is asked, and the one check that downloads Electron's release list is left out.
 * It parses TypeScript itself (typescript-estree / babel), so the sources are audited as written.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AUDITED = ['main/electron', 'main/index.ts', 'preload/index.ts', 'main/core/security/csp.ts', 'renderer/index.html'];
/** Severity values of electronegativity's `severity` table: INFORMATIONAL 0, LOW 1, MEDIUM 2, HIGH 3. */
const MEDIUM = 2;

interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string; value: number };
  confidence: { name: string; value: number };
  description: string;
}
interface Accepted {
  check: string;
  file: string;
  why: string;
  requires: string[];
}
type Run = (options: Record<string, unknown>) => Promise<{ issues: Issue[]; errors: { file: string; message: string }[] }>;

/** Loads the runner with `got` answered by a refusal, so nothing leaves the machine. */
function loadRunner(): Run {
  const require = createRequire(import.meta.url);
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = mod._load;
  mod._load = function (request: string, ...rest: unknown[]) {
    if (request === 'got') {
      const refuse = (): Promise<never> => Promise.reject(new Error('no network in the audit'));
      return Object.assign(refuse, { head: refuse, get: refuse, default: refuse });
    }
    return load.call(this, request, ...rest);
  };
  try {
    return require('@doyensec/electronegativity/dist/runner.js') as Run;
  } finally {
    mod._load = load;
  }
}

describe('electronegativity audit of the Electron side', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-audit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has no finding of MEDIUM or higher that the accepted list does not explain', async () => {
    for (const path of AUDITED) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      cpSync(join(ROOT, path), join(dir, path), { recursive: true });
    }
    // The Electron version the checks judge by comes from package.json.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'audit', devDependencies: { electron: pkg.devDependencies.electron } }));

    const run = loadRunner();
    const { issues, errors } = await run({ input: dir, isRelative: true, excludeFromScan: ['AvailableSecurityFixesGlobalCheck'] });
    // Every file was read: a parse error would hide its findings.
    expect(errors).toEqual([]);

    const accepted = JSON.parse(readFileSync(join(ROOT, 'test/electron-audit-accepted.json'), 'utf8')) as Accepted[];
    const serious = issues.filter((i) => i.severity.value >= MEDIUM);
    const unexplained = serious
      .filter((i) => !accepted.some((a) => a.check === i.id && a.file === i.file))
      .map((i) => `${i.id} ${i.severity.name} ${i.file}:${i.location.line} ${i.description}`);
    expect(unexplained).toEqual([]);

    for (const a of accepted) {
      expect(a.why.length, `${a.check}: a reason`).toBeGreaterThan(20);
      expect(serious.some((i) => i.id === a.check && i.file === a.file), `${a.check} in ${a.file} is no longer reported: remove it from the list`).toBe(true);
      const source = readFileSync(join(ROOT, a.file), 'utf8');
      for (const fact of a.requires) expect(source, `${a.check}: the reason rests on "${fact}"`).toContain(fact);
    }
  }, 60_000);
});
