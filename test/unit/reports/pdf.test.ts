/**
 * `reports/pdf` as browser mode answers it (the core as the hosts build it, over the same
 * envelope): no window to print, so the answer is the print dialog; bad arguments are
 * refused by name. The Electron answer (main/electron/pdf.ts) needs Electron and is not run here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';

describe('reports/pdf in browser mode', () => {
  let dir = '';
  let core: Core | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-pdf-'));
    core = createCore({ dataDir: dir, vault: memoryVault(), settings: memorySettings(), log: () => {} });
  });
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says to use the print dialog', async () => {
    const reply = await core!.dispatcher.dispatch({ id: 1, name: 'reports/pdf', args: { fileBase: 'Fuel - 4 objects - 2026-11-25' } });
    expect(reply).toEqual({ type: 'reply', id: 1, result: { via: 'print-dialog' } });
  });

  it('refuses a request without a file name, naming the argument', async () => {
    const reply = await core!.dispatcher.dispatch({ id: 2, name: 'reports/pdf', args: { fileBase: '' } });
    expect(reply).toMatchObject({ type: 'error', id: 2, error: { code: 'invalid_input', message: expect.stringContaining('fileBase') } });
  });
});
