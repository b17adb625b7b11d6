/**
 * The big poll bodies of a sign-in (status, object list, profile) go to the service one at a
 * time, the status first: a proxy in front of the simulator holds each answer a moment and
 * records when each request came and when its answer ended.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { makeCore, signIn } from './offline-helpers';

const BIG = new Set(['/api/ObjectsStatus', '/api/Objects', '/api/Profile']);
const HOLD_MS = 300;

describe('big bodies in turn', () => {
  let sim: SimulatorHandle;
  let proxy: Server;
  let core: Core;
  const spans: { path: string; from: number; till: number }[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 4, objects: 30 });
    proxy = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const from = performance.now();
      const fwd = httpRequest({ host: '127.0.0.1', port: sim.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        // Held long enough that two requests at once would overlap on any machine.
        setTimeout(() => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          res.on('finish', () => BIG.has(path) && spans.push({ path, from, till: performance.now() }));
        }, BIG.has(path) ? HOLD_MS : 0);
      });
      fwd.on('error', () => res.destroy());
      req.pipe(fwd);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-in-turn-')), memoryVault(), settings);
    await signIn(core, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await core?.close();
    proxy?.closeAllConnections();
    await new Promise((r) => proxy?.close(r));
    await sim?.close();
  });

  it('asks for the status first, then the list and the profile, never two at once', async () => {
    for (let i = 0; i < 100 && spans.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    const seen = [...spans].sort((a, b) => a.from - b.from);
    expect(seen.map((s) => s.path)).toEqual(['/api/ObjectsStatus', '/api/Objects', '/api/Profile']);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.from, `${seen[i]!.path} asked before ${seen[i - 1]!.path} was answered`).toBeGreaterThanOrEqual(seen[i - 1]!.till);
  });
});
