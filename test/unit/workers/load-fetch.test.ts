/**
 * A spare ingest thread loads Node's fetch before its first request (workers/fetch.ts
 * `loadFetch`): Node compiles its bundled undici at the first touch of a fetch global, and
 * that was on the way of a sign-in's first status. Checked in a fresh Node process, whose
 * list of loaded built-in modules says whether undici is in.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FETCH_MODULE = fileURLToPath(new URL('../../../main/core/workers/fetch.ts', import.meta.url));

function undiciLoaded(call: boolean): { before: boolean; after: boolean } {
  const script = `
    const { loadFetch } = await import(${JSON.stringify(FETCH_MODULE)});
    const loaded = () => process.moduleLoadList.some((m) => m.includes('deps/undici/undici'));
    const before = loaded();
    ${call ? 'loadFetch();' : ''}
    console.log(JSON.stringify({ before, after: loaded() }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { before: boolean; after: boolean };
}

describe('loadFetch', () => {
  it('has Node’s fetch compiled before any request, where the fetch module alone leaves it unloaded', () => {
    expect(undiciLoaded(false)).toEqual({ before: false, after: false });
    expect(undiciLoaded(true)).toEqual({ before: false, after: true });
  });
});
