/**
 * What a browser may keep of the renderer's files, over real HTTP from the browser-mode host:
 * the app shell never, the build's hashed assets for good, anything else for an hour.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';

let host: Host;

beforeAll(async () => {
  const staticDir = join(mkdtempSync(join(tmpdir(), 'fleet-static-')), 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Fleet Console</title>');
  writeFileSync(join(staticDir, 'assets', 'index-DL-UD6_g.js'), 'export {};');
  writeFileSync(join(staticDir, 'favicon.ico'), 'icon');
  host = await startHost({ core: { dispatcher: createDispatcher(), bus: createPushBus() }, staticDir, log: () => {} });
});
afterAll(() => host.close());

describe('browser-mode host: caching of the renderer files', () => {
  it.each([
    ['/', 'no-store'],
    ['/history', 'no-store'],
    ['/assets/index-DL-UD6_g.js', 'max-age=31536000, immutable'],
    ['/favicon.ico', 'max-age=3600'],
  ])('%s: %s', async (path, expected) => {
    const res = await fetch(`${host.origin}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(expected);
    await res.arrayBuffer();
  });
});
