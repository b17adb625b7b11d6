/**
 * Every method of the contract has a handler in the core both hosts run: Electron
 * (main/index.ts → main/electron/ipc.ts) and browser mode (main/host/cli.ts →
 * main/host/server.ts) each build it with `createCore` and only forward envelopes to
 * `core.dispatcher`; neither registers a handler of its own. A method added to
 * `common/methods/` without its handler in `main/core/handlers/` (registered in app.ts)
 * fails here instead of answering "not available here" in the app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '../../../common/contract';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';

describe('the core as the hosts build it', () => {
  let dir = '';
  let core: Core | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-contract-'));
    core = createCore({ dataDir: dir, vault: memoryVault(), settings: memorySettings(), log: () => {} });
  });
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a handler for every method of the contract, and none for a name outside it', () => {
    const registered = new Set(core!.dispatcher.registered());
    const missing = Object.keys(methods).filter((name) => !registered.has(name));
    expect(missing).toEqual([]);
    const unknown = [...registered].filter((name) => !Object.prototype.hasOwnProperty.call(methods, name));
    expect(unknown).toEqual([]);
  });

});
